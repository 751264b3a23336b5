import { defaultLanguage, type LanguageKey, languageKeys } from '@soar/contract';
import { admin } from './locales/admin/index.ts';
import { alert } from './locales/alert/index.ts';
import { blocktrade } from './locales/blocktrade/index.ts';
import { chain } from './locales/chain/index.ts';
import { common } from './locales/common/index.ts';
import { identity } from './locales/identity/index.ts';
import { installable } from './locales/installable/index.ts';
import { ipo } from './locales/ipo/index.ts';
import { loan } from './locales/loan/index.ts';
import { market } from './locales/market/index.ts';
import { member } from './locales/member/index.ts';
import { notifications } from './locales/notifications/index.ts';
import { portfolio } from './locales/portfolio/index.ts';
import { push } from './locales/push/index.ts';
import { quant } from './locales/quant/index.ts';
import { security } from './locales/security/index.ts';
import { shell } from './locales/shell/index.ts';
import { trade } from './locales/trade/index.ts';
import { trading } from './locales/trading/index.ts';
import { wallet } from './locales/wallet/index.ts';

export type Catalog = { [key: string]: string | Catalog };
export type Namespace = Record<LanguageKey, Catalog>;

/**
 * The catalogs are split by domain (`locales/<namespace>/<lang>.json`) so each domain keeps its
 * messages beside the others; the namespaces merge into one catalog per language.
 */
export const namespaces: Record<string, Namespace> = {
  admin,
  alert,
  common,
  identity,
  installable,
  ipo,
  loan,
  market,
  member,
  notifications,
  portfolio,
  push,
  quant,
  security,
  shell,
  trade,
  trading,
  wallet,
  blocktrade,
  chain,
};

function merge(target: Catalog, source: Catalog): Catalog {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] = typeof value === 'object' && typeof existing === 'object' ? merge({ ...existing }, value) : value;
  }
  return target;
}

export const catalogs = Object.fromEntries(
  languageKeys.map((lang) => [
    lang,
    Object.values(namespaces).reduce<Catalog>((catalog, namespace) => merge(catalog, namespace[lang]), {}),
  ]),
) as Record<LanguageKey, Catalog>;

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

/** The plural suffixes i18next reads (`_one`, `_other` ...): the CLDR categories of a language. */
export const pluralSuffixes = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

/** `shares_one` -> `shares`; undefined for a key that is not a plural form. */
export function pluralBase(key: string): string | undefined {
  const match = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
  return match?.[1];
}

/**
 * The message of `key` in `catalog`, through i18next's plural rules when `count` is given: the
 * form of the language's category for it (`_one`, `_other`; Japanese and Chinese have `_other`
 * only), else `_other`.
 */
function lookupCounted(catalog: Catalog, lang: string, key: string, count: unknown): string | undefined {
  if (typeof count !== 'number') return lookup(catalog, key);
  const category = new Intl.PluralRules(lang).select(count);
  return lookup(catalog, `${key}_${category}`) ?? lookup(catalog, `${key}_other`) ?? lookup(catalog, key);
}

/** The message in `lang`, else in English, else the key; `{{name}}` takes a parameter, `count` a plural form. */
export function translate(lang: LanguageKey, key: string, params: Record<string, string | number> = {}): string {
  const text =
    lookupCounted(catalogs[lang], lang, key, params.count) ??
    lookupCounted(catalogs[defaultLanguage], defaultLanguage, key, params.count) ??
    key;
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
