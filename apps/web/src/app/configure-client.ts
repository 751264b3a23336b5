import { logout } from '../features/session/session.ts';
import { useSessionStore } from '../features/session/store.ts';
import { configureClient } from '../shared/api/client.ts';
import { i18n } from '../shared/i18n.ts';
import { realtime, setRealtimeToken } from '../shared/realtime/index.ts';
import { useLanguageStore } from '../shared/stores/language.ts';

// Toasts load with the first one shown: most starts show none, and the home route stays lighter.
const feedback = () => import('../shared/feedback.ts');

/** Wires the request client to the stores, toasts and logout (SPEC sections 7 and 8). */
export function configureRequestClient(): void {
  configureClient({
    baseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
    getToken: () => useSessionStore.getState().token,
    getLanguage: () => useLanguageStore.getState().language,
    onUnauthorized: logout,
    toast: (message, duration) => void feedback().then((module) => module.toast(message, duration)),
    showLoading: () => void feedback().then((module) => module.showLoading()),
    hideLoading: () => void feedback().then((module) => module.hideLoading()),
    translate: (key) => i18n.t(key),
  });
  // The socket signs in with the session token and signs in again when it changes.
  setRealtimeToken(() => useSessionStore.getState().token);
  useSessionStore.subscribe((state, previous) => {
    if (state.token !== previous.token) realtime.reauthenticate();
  });
}
