import type { TFunction } from 'i18next';

/** The texts of a trading list (InfiniteList). */
export const listTexts = (t: TFunction, empty: string) => ({
  empty,
  more: t('trading.more'),
  loading: t('trading.loading'),
  error: t('trading.loadError'),
  retry: t('trading.retry'),
});
