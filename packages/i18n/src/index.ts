import { defaultLanguage, type LanguageKey } from '@soar/contract';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import ja from './locales/ja.json' with { type: 'json' };
import zhCN from './locales/zh-CN.json' with { type: 'json' };

export type Catalog = { [key: string]: string | Catalog };

export const catalogs: Record<LanguageKey, Catalog> = {
  en,
  de,
  es,
  fr,
  it,
  ja,
  'zh-CN': zhCN,
};

/** Every leaf key of a catalog, dotted: `errors.NOT_FOUND`. */
export function flattenKeys(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : flattenKeys(value, `${prefix}${key}.`),
  );
}

function lookup(catalog: Catalog, key: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function hasMessage(key: string): boolean {
  return lookup(catalogs[defaultLanguage], key) !== undefined;
}

/** The message in `lang`, else in English, else the key; `{{name}}` takes a parameter. */
export function translate(lang: LanguageKey, key: string, params: Record<string, string | number> = {}): string {
  const text = lookup(catalogs[lang], key) ?? lookup(catalogs[defaultLanguage], key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
