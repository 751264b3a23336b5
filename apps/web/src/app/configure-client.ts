import { logout } from '../features/session/session.ts';
import { useSessionStore } from '../features/session/store.ts';
import { configureClient } from '../shared/api/client.ts';
import { hideLoading, showLoading, toast } from '../shared/feedback.ts';
import { i18n } from '../shared/i18n.ts';
import { useLanguageStore } from '../shared/stores/language.ts';

/** Wires the request client to the stores, toasts and logout (SPEC sections 7 and 8). */
export function configureRequestClient(): void {
  configureClient({
    baseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
    getToken: () => useSessionStore.getState().token,
    getLanguage: () => useLanguageStore.getState().language,
    onUnauthorized: logout,
    toast,
    showLoading: () => showLoading(),
    hideLoading,
    translate: (key) => i18n.t(key),
  });
}
