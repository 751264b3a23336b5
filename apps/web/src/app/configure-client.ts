import { configureClient } from '@soar/client';
import { logout } from '../features/session/session.ts';
import { useSessionStore } from '../features/session/store.ts';
import { i18n } from '../shared/i18n.ts';
import { configureRealtime, realtime } from '../shared/realtime/index.ts';
import { useLanguageStore } from '../shared/stores/language.ts';

// Toasts load with the first one shown: most starts show none, and the home route stays lighter.
// One promise for every caller, so show and hide of the loading toast run in the order called (two
// separate imports may resolve out of order, leaving the loading mask up forever).
let feedbackModule: Promise<typeof import('../shared/feedback.ts')> | undefined;
const feedback = () => {
  feedbackModule ??= import('../shared/feedback.ts');
  return feedbackModule;
};

/** Wires the request client to the stores, toasts and logout (docs/product.md sections 7 and 8). */
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
  configureRealtime({
    token: () => useSessionStore.getState().token ?? null,
    language: () => useLanguageStore.getState().language,
  });
  // User topics follow the session: a new token (login, logout) reconnects the socket.
  useSessionStore.subscribe((state, previous) => {
    if (state.token !== previous.token) realtime.reauthenticate();
  });
}
