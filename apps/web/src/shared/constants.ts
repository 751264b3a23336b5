/** docs/product.md section 9: the product's UI constants, in one place. */
export const colors = {
  primary: '#465CFF',
  success: '#09BE4F',
  warning: '#FFB703',
  danger: '#FF2B2B',
} as const;

export const toastDuration = 1500;

export const swiper = { interval: 5000, duration: 500 } as const;
export const imagePreviewZoom = { min: 1, max: 4 } as const;
export const longPressDelay = 350;
export const touchTolerance = 10;
export const inputMaxLength = 140;
export const chooseImageCount = 9;

/** Design sizes are given in units of a 750-unit-wide screen; `--rpx` maps one unit (styles.css). */
export const designWidth = 750;
/** The app is a phone-width column; wider screens centre it. */
export const maxAppWidth = 480;

export const resizeThrottle = 50;
export const pageLoadingDelay = 200;
export const pageLoadTimeout = 60_000;

export const tabBar = { height: 50, iconSize: 24, fontSize: 10 } as const;
/** docs/product.md section 2: the markets tab reports reaching the bottom this many pixels early. */
export const marketsReachBottomDistance = 50;

export const numberDecimals = 4;
export const defaultLanguage = 'en';
