import type { Catalog } from '@soar/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage } from './constants.ts';

/**
 * English, the default and fallback (SPEC section 1), ships in the first load, one file per
 * namespace, merged as `@soar/i18n` merges them. The other six catalogs come from `@soar/i18n`'s
 * `catalogs` in a chunk of their own when a user picks one: the seven together weigh more than
 * the rest of the first page (docs/performance.md).
 */
const english = import.meta.glob<Catalog>('../../../../packages/i18n/src/locales/*/en.json', {
  eager: true,
  import: 'default',
});

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  lng: defaultLanguage,
  fallbackLng: defaultLanguage,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
for (const catalog of Object.values(english))
  i18n.addResourceBundle(defaultLanguage, 'translation', catalog, true, true);

/** Loads a language's catalog once; English is always there. */
export async function loadLanguage(language: string): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const { catalogs } = await import('@soar/i18n');
  const catalog = (catalogs as Record<string, Catalog>)[language];
  if (catalog) i18n.addResourceBundle(language, 'translation', catalog, true, true);
}

let latest = '';

/** Sets the interface locale and `<html lang>` once the language's catalog is loaded. */
export async function applyLanguage(language: string): Promise<void> {
  latest = language;
  await loadLanguage(language).catch(() => undefined);
  if (latest !== language) return;
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
