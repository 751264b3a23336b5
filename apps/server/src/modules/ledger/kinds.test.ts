import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { languageKeys, ledgerKinds, transactionGroups } from '@soar/contract';
import { catalogs, flattenKeys } from '@soar/i18n';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The kinds the server's code posts, read from the code itself: an entry's header
 * (`{ kind: 'x', reference }`), a helper handed the book and its kind (`freeze(book, 'x', ...)`),
 * and the engine's batch statement (`select entry_id, 'trade_open', ...`).
 */
function postedKinds(): Set<string> {
  const patterns = [
    /kind:\s*'([a-z][a-z_]*)',\s*reference\b/g,
    /\(\s*book,\s*'([a-z][a-z_]*)'/g,
    /select entry_id, '([a-z][a-z_]*)'/g,
  ];
  const kinds = new Set<string>();
  for (const file of [...sources(join(src, 'modules')), ...sources(join(src, 'seed'))]) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) kinds.add(match[1] as string);
  }
  return kinds;
}

describe('ledger kinds', () => {
  const posted = postedKinds();

  it('are read from the code (the reading itself finds each way a kind is posted)', () => {
    for (const kind of ['withdraw_freeze', 'deposit', 'ipo_subscribe', 'ipo_list', 'trade_open', 'demo_funding']) {
      expect(posted, kind).toContain(kind);
    }
  });

  it('each kind the server posts is in a group of the transactions filter', () => {
    expect([...posted].filter((kind) => !(ledgerKinds as readonly string[]).includes(kind))).toEqual([]);
    const grouped = Object.values(transactionGroups).flat();
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it.each(languageKeys)('each kind and each group has a name in %s', (lang) => {
    const keys = new Set(flattenKeys(catalogs[lang]));
    const missing = [
      ...[...posted, ...ledgerKinds].map((kind) => `wallet.txType.${kind}`),
      ...Object.keys(transactionGroups).map((group) => `wallet.txGroup.${group}`),
    ].filter((key) => !keys.has(key));
    expect(missing).toEqual([]);
  });
});
