import { apis, languageKeys } from '@soar/contract';
import { describe, expect, it } from 'vitest';
import { catalogs, flattenKeys, hasMessage, namespaces, translate } from './index.ts';

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

describe('message catalogs', () => {
  const perNamespace = Object.entries(namespaces).flatMap(([name, namespace]) =>
    languageKeys.map((lang) => ({ name, lang, namespace })),
  );
  it.each(perNamespace)('namespace $name has every English key in $lang', ({ namespace, lang }) => {
    const english = flattenKeys(namespace.en);
    const keys = new Set(flattenKeys(namespace[lang]));
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
    const keys = new Set(flattenKeys(catalogs[lang]));
    expect([...english].filter((key) => !keys.has(key))).toEqual([]);
    expect([...keys].filter((key) => !english.has(key))).toEqual([]);
  });

  it.each(languageKeys.filter((lang) => lang !== 'en'))('%s is translated, not an English copy', (lang) => {
    const keys = [...english].filter((key) => !key.startsWith('app.'));
    const same = keys.filter((key) => translate(lang, key) === translate('en', key));
    // Short words such as "Type" may match across languages; most must not.
    expect(same.length / keys.length).toBeLessThan(0.25);
  });

  it.each(languageKeys)('%s keeps every {{placeholder}} of the English message', (lang) => {
    for (const key of english) {
      const placeholders = (text: string) => [...text.matchAll(/\{\{\w+\}\}/g)].map((m) => m[0]).sort();
      expect(placeholders(translate(lang, key)), `${lang} ${key}`).toEqual(placeholders(translate('en', key)));
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
