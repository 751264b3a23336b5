import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layerViolations } from './layers.ts';

function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'soar-layers-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('server layers (docs/architecture.md, Layers)', () => {
  it('the server has no import into another domain past its index.ts, and none from lib, db or core into a domain', () => {
    const violations = layerViolations(path.resolve(import.meta.dirname, '..'));
    expect(violations.map((v) => `${v.file}:${v.line} imports ${v.specifier} (${v.rule})`)).toEqual([]);
  });

  it('flags internals of another domain, static, re-exported or lazy, and domain imports from the kernel', () => {
    const root = fixture({
      'app.ts': "import { TradeService } from './modules/trade/service.ts';\n",
      'modules/trade/index.ts': "export { fill } from './placement.ts';\n",
      'modules/trade/placement.ts': "import { recordAudit } from '../../core/audit.ts';\nexport const fill = 1;\n",
      'modules/ipo/listing.ts': [
        "import { fill } from '../trade/placement.ts';",
        "import { fill as entry } from '../trade/index.ts';",
        "export { fill as again } from '../trade/placement.ts';",
        "const lazy = () => import('../trade/placement.ts');",
        "import { Money } from '../../lib/decimal.ts';",
      ].join('\n'),
      'core/review.ts': "import { sendNotice } from '../modules/notice/index.ts';\n",
      'seed/trade.ts': "import { fill } from '../modules/trade/index.ts';\n",
    });
    expect(layerViolations(root)).toEqual([
      expect.objectContaining({ file: 'core/review.ts', line: 1, rule: 'core/ imports no domain' }),
      expect.objectContaining({ file: 'modules/ipo/listing.ts', line: 1 }),
      expect.objectContaining({ file: 'modules/ipo/listing.ts', line: 3 }),
      expect.objectContaining({ file: 'modules/ipo/listing.ts', line: 4 }),
    ]);
  });
});
