import { catalogs } from '@soar/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage } from './constants.ts';

/** The seven bundled catalogs; English is the default and the fallback (SPEC section 1). */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries(catalogs).map(([lang, catalog]) => [lang, { translation: catalog }])),
  lng: defaultLanguage,
  fallbackLng: defaultLanguage,
  supportedLngs: Object.keys(catalogs),
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** Sets the interface locale and `<html lang>`. */
export function applyLanguage(language: string): void {
  void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
