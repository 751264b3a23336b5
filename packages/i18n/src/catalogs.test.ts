import { apis, languageKeys } from '@soar/contract';
import { describe, expect, it } from 'vitest';
import { catalogs, flattenKeys, hasMessage, namespaces, pluralBase, translate } from './index.ts';

/** The field names an input schema takes, through optional, refined and union wrappers. */
function fieldsOf(schema: unknown): string[] {
  const node = schema as { shape?: object; def?: { innerType?: unknown; in?: unknown; options?: unknown[] } };
  if (!node) return [];
  if (node.shape) return Object.keys(node.shape);
  if (node.def?.innerType) return fieldsOf(node.def.innerType);
  if (node.def?.in) return fieldsOf(node.def.in);
  return node.def?.options?.flatMap(fieldsOf) ?? [];
}

const english = new Set(flattenKeys(catalogs.en));

/** Keys with each plural family as one (`shares_*`): languages differ in their plural forms, not their messages. */
const messages = (keys: string[]) => [...new Set(keys.map((key) => (pluralBase(key) ? `${pluralBase(key)}_*` : key)))];

describe('message catalogs', () => {
  const perNamespace = Object.entries(namespaces).flatMap(([name, namespace]) =>
    languageKeys.map((lang) => ({ name, lang, namespace })),
  );
  it.each(perNamespace)('namespace $name has every English key in $lang', ({ namespace, lang }) => {
    const english = messages(flattenKeys(namespace.en));
    const keys = new Set(messages(flattenKeys(namespace[lang])));
    expect(english.filter((key) => !keys.has(key))).toEqual([]);
    expect([...keys].filter((key) => !english.includes(key))).toEqual([]);
  });

  it('no key is defined by two namespaces', () => {
    const owners = new Map<string, string>();
    const clashes: string[] = [];
    for (const [name, namespace] of Object.entries(namespaces)) {
      for (const key of flattenKeys(namespace.en)) {
        const owner = owners.get(key);
        if (owner) clashes.push(`${key}: ${owner} and ${name}`);
        owners.set(key, name);
      }
    }
    expect(clashes).toEqual([]);
  });

  it.each(languageKeys)('%s has every key of the English catalog and no other', (lang) => {
    const wanted = new Set(messages([...english]));
    const keys = new Set(messages(flattenKeys(catalogs[lang])));
    expect([...wanted].filter((key) => !keys.has(key))).toEqual([]);
    expect([...keys].filter((key) => !wanted.has(key))).toEqual([]);
  });

  it.each(languageKeys)('%s has the plural forms of its own rules for every counted message', (lang) => {
    // i18next picks `<key>_<category>` by Intl.PluralRules; `_other` is the fallback of every language.
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
    const keys = flattenKeys(catalogs[lang]);
    const bases = [...new Set([...english].map(pluralBase).filter((base) => base !== undefined))];
    const problems = bases.flatMap((base) => {
      const forms = keys.filter((key) => pluralBase(key) === base).map((key) => key.slice(base.length + 1));
      const missing = ['other', ...(categories.includes('one') ? ['one'] : [])].filter((form) => !forms.includes(form));
      const foreign = forms.filter((form) => !categories.includes(form));
      return [...missing.map((form) => `${base}_${form} missing`), ...foreign.map((form) => `${base}_${form} unused`)];
    });
    expect(problems).toEqual([]);
  });

  it('counts through the plural rules: "1 share", "2 shares", one form in Japanese', () => {
    const shares = (lang: 'en' | 'de' | 'fr' | 'ja', count: number) =>
      translate(lang, 'blocktrade.shares', { count, shares: String(count) });
    expect(shares('en', 1)).toBe('1 share');
    expect(shares('en', 2)).toBe('2 shares');
    expect(shares('de', 1)).toBe('1 Aktie');
    expect(shares('de', 3)).toBe('3 Aktien');
    // French counts 0 as one.
    expect(shares('fr', 0)).toBe('0 action');
    expect(shares('ja', 1)).toBe('1株');
    expect(shares('ja', 5)).toBe('5株');
    expect(translate('en', 'trading.position.closed', { count: 1 })).toBe('Closed 1 share');
    expect(translate('en', 'trading.position.closed', { count: 4 })).toBe('Closed 4 shares');
  });

  it.each(languageKeys.filter((lang) => lang !== 'en'))('%s is translated, not an English copy', (lang) => {
    const own = new Set(flattenKeys(catalogs[lang]));
    const keys = [...english].filter((key) => !key.startsWith('app.') && own.has(key));
    const same = keys.filter((key) => translate(lang, key) === translate('en', key));
    // Short words such as "Type" may match across languages; most must not.
    expect(same.length / keys.length).toBeLessThan(0.25);
  });

  it.each(languageKeys)('%s keeps every {{placeholder}} of the English message', (lang) => {
    const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\w+\}\}/g)].map((m) => m[0]))].sort();
    for (const key of flattenKeys(catalogs[lang])) {
      // A plural form keeps the placeholders of the English `_other` (a language may spell out "one").
      const base = pluralBase(key);
      const reference = base ? `${base}_other` : key;
      const own = placeholders(translate(lang, key)).filter((name) => !(base && name === '{{count}}'));
      const wanted = placeholders(translate('en', reference)).filter((name) => !(base && name === '{{count}}'));
      expect(own, `${lang} ${key}`).toEqual(wanted);
    }
  });

  it('names every field a call takes in words, so a validation message never shows a raw key', () => {
    const endpoints = Object.values(apis).flatMap((api) => Object.entries(api));
    const unnamed = endpoints.flatMap(([name, endpoint]) =>
      [
        ...fieldsOf('body' in endpoint ? endpoint.body : undefined),
        ...fieldsOf('query' in endpoint ? endpoint.query : undefined),
      ]
        .filter((field) => !hasMessage(`fields.${field}`))
        .map((field) => `${name}: ${field}`),
    );
    expect(unnamed).toEqual([]);
  });

  it('falls back to English and fills parameters', () => {
    expect(translate('de', 'errors.ROUTE_NOT_FOUND', { method: 'GET', path: '/x' })).toBe(
      'Diese Adresse gibt es nicht: GET /x',
    );
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });
});
