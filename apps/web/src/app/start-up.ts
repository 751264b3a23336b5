import { getProfile } from '../features/member/api/profile.ts';
import { useSessionStore } from '../features/session/store.ts';
import {
  customScriptUrl,
  getBaseSetting,
  getCurrencies,
  getLanguages,
  getMarkets,
} from '../features/settings/api/settings.ts';
import { applyLanguage } from '../shared/i18n.ts';
import { useAppStore } from '../shared/stores/app.ts';
import { useLanguageStore } from '../shared/stores/language.ts';

const ignore = () => undefined;

/**
 * docs/product.md section 4, app start, in order. Language, market and currency failures are silent; a
 * failed profile or base-setting call does not stop start-up (a 401 has already logged out).
 */
export async function startUp(): Promise<void> {
  const app = useAppStore.getState();
  app.setInit(false);
  await Promise.all([getMarkets().then(app.setMarkets, ignore), getCurrencies().then(app.setCurrencies, ignore)]);

  const language = useLanguageStore.getState();
  await getLanguages().then(language.setLanguages, ignore);
  await applyLanguage(useLanguageStore.getState().language);

  if (useSessionStore.getState().token) {
    await getProfile().then(useSessionStore.getState().setUserInfo, ignore);
  }

  const base = await getBaseSetting().catch(ignore);
  if (base) {
    app.setSupport(base.msgType, base.whatsapp);
    if (base.custom.trim() !== '') setTimeout(injectCustomScript, 0);
  }
  app.setInit(true);
  // New notices pop in the open app (docs/api.md, Notifications); loaded after start, not at first load.
  void import('../features/notification/index.ts').then(
    (module) =>
      module.watchLiveNotices({
        now: () => useSessionStore.getState().isLogined,
        subscribe: (listener) => useSessionStore.subscribe((state) => listener(state.isLogined)),
      }),
    ignore,
  );
}

function injectCustomScript(): void {
  if (document.querySelector(`script[src="${customScriptUrl}"]`)) return;
  const script = document.createElement('script');
  script.src = customScriptUrl;
  script.async = true;
  document.body.append(script);
}
