import { configureClient } from '@soar/client';
import { toastError } from '../shared/feedback.ts';
import { t, useLanguage } from '../shared/i18n.ts';
import { useSession } from '../shared/session.ts';
import { queryClient } from './query-client.ts';

export const loginPath = '/admin/login';

/**
 * The one request client (`@soar/client`) set up for the back office: the operator's token, the
 * chosen language, error toasts, and a 401 that ends the session and opens the login page.
 */
export function configureRequests(): void {
  configureClient({
    baseUrl: '',
    getToken: () => useSession.getState().token,
    getLanguage: () => useLanguage.getState().language,
    onUnauthorized: () => {
      if (!useSession.getState().token) return;
      useSession.getState().clear();
      queryClient.clear();
      const here = window.location.pathname + window.location.search;
      if (!here.startsWith(loginPath)) window.location.assign(`${loginPath}?redirect=${encodeURIComponent(here)}`);
    },
    toast: (message, duration) => toastError(message, duration),
    translate: (key) => t(key),
  });
}
