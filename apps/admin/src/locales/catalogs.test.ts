import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhCN from './zh-CN.json';

type Catalog = { [key: string]: string | Catalog };

function keys(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : keys(value, `${prefix}${key}.`),
  );
}

function sources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const english = new Set(keys(en));
const chinese = new Set(keys(zhCN));

describe('back office catalogs', () => {
  it('English and Simplified Chinese have the same keys', () => {
    expect([...english].filter((key) => !chinese.has(key))).toEqual([]);
    expect([...chinese].filter((key) => !english.has(key))).toEqual([]);
  });

  it('Chinese is translated, not an English copy', () => {
    const same = [...english].filter((key) => {
      const pick = (catalog: Catalog) =>
        key
          .split('.')
          .reduce<string | Catalog | undefined>(
            (node, part) => (typeof node === 'object' ? node[part] : undefined),
            catalog,
          );
      return pick(en) === pick(zhCN);
    });
    expect(same.length / english.size).toBeLessThan(0.05);
  });

  it('every key written in the code exists', () => {
    const roots = new Set(Object.keys(en));
    const missing: string[] = [];
    for (const file of sources(path.resolve(import.meta.dirname, '..'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/['`]([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)['`]/g)) {
        const key = match[1] ?? '';
        if (roots.has(key.split('.')[0] ?? '') && !english.has(key) && !key.includes('${'))
          missing.push(`${key} (${path.basename(file)})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every validation message the contract names is written here (a form shows it, never its key)', () => {
    const contract = path.resolve(import.meta.dirname, '../../../../packages/contract/src');
    const named = sources(contract).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/'(validation\.[a-zA-Z]+)'/g)].map((match) => match[1] ?? ''),
    );
    expect([...new Set(named)].filter((key) => !english.has(key))).toEqual([]);
  });
});
