import type { Catalog } from '@soar/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage } from './constants.ts';

/**
 * The frame's own English texts (namespaces `common` and `shell`) ship in the first load, so the
 * tab bar and layouts never wait. Every other catalog file (`locales/<namespace>/<lang>.json`) is
 * a chunk of its own, loaded for the chosen language before the app renders: the domains'
 * messages would otherwise grow the home route with every capability (docs/performance.md).
 */
const firstLoad = import.meta.glob<Catalog>('../../../../packages/i18n/src/locales/{common,shell}/en.json', {
  eager: true,
  import: 'default',
});
// The installable app's texts load with its update prompt (app/installable/update-prompt.ts).
const onDemand = import.meta.glob<Catalog>(
  ['../../../../packages/i18n/src/locales/*/*.json', '!../../../../packages/i18n/src/locales/installable/*.json'],
  { import: 'default' },
);

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  lng: defaultLanguage,
  fallbackLng: defaultLanguage,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
for (const catalog of Object.values(firstLoad))
  i18n.addResourceBundle(defaultLanguage, 'translation', catalog, true, true);

const loaded = new Map<string, Promise<void>>();

/** Loads every namespace of a language once (English too: the domains' files). */
export function loadLanguage(language: string): Promise<void> {
  let loading = loaded.get(language);
  if (!loading) {
    const files = Object.entries(onDemand).filter(
      ([path]) => path.endsWith(`/${language}.json`) && !(path in firstLoad),
    );
    loading = Promise.all(files.map(([, load]) => load())).then((catalogs) => {
      for (const catalog of catalogs) i18n.addResourceBundle(language, 'translation', catalog, true, true);
    });
    loading.catch(() => loaded.delete(language));
    loaded.set(language, loading);
  }
  return loading;
}

let latest = '';

/** Sets the interface locale, `<html lang>` and the `soar-lang` cookie once the language's catalog is loaded. */
export async function applyLanguage(language: string): Promise<void> {
  latest = language;
  await loadLanguage(language).catch(() => undefined);
  if (latest !== language) return;
  // Changing to the language already shown would still render every translated component again.
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  // The server draws the home page's first view in this language (docs/web.md, First view).
  // biome-ignore lint/suspicious/noDocumentCookie: one synchronous write; the Cookie Store API is missing from older Safari.
  document.cookie = `soar-lang=${language};path=/;max-age=31536000;samesite=lax`;
}
