/**
 * Features navigate (after login, on logout) without importing the app's router: the app
 * registers its `navigate` here at start.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (to) => {
  window.location.hash = `#${to}`;
};

export function setNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigate(to: string, options?: { replace?: boolean }): void {
  navigator(to, options);
}

export const loginPath = '/pages/auth/login';
export const guardLoginPath = '/pages/login/index';
export const profilePath = '/pages/main/profile/index';

/** Only in-app paths are followed, so a crafted redirect cannot send the user elsewhere. */
export function safeRedirect(target: string | null | undefined): string | undefined {
  return target?.startsWith('/') && !target.startsWith('//') ? target : undefined;
}
