import { guardLoginPath, loginPath, navigate, profilePath, safeRedirect } from '../../shared/navigation.ts';
import { type UserInfo, useSessionStore } from './store.ts';

/** The redirect target the route guard put on the login page's address, if any. */
export function currentRedirect(): string | undefined {
  const hash = window.location.hash.replace(/^#/, '');
  const search = hash.includes('?') ? hash.slice(hash.indexOf('?')) : '';
  return safeRedirect(new URLSearchParams(search).get('redirect'));
}

/**
 * docs/product.md section 4, login success: store the token and user info, then return to the page the
 * guard came from, else the profile tab. The login page calls this.
 */
export function completeLogin(token: string, userInfo: UserInfo = {}): void {
  useSessionStore.getState().login(token, userInfo);
  navigate(currentRedirect() ?? profilePath, { replace: true });
}

/** docs/product.md section 4, logout (also on any 401): clear the session and go to the login page. */
export function logout(): void {
  useSessionStore.getState().clear();
  const path = window.location.hash.replace(/^#/, '').split('?')[0];
  if (path !== loginPath && path !== guardLoginPath) navigate(loginPath);
}
