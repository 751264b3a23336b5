import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureImportViolations } from './feature-imports.ts';

function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'soar-features-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('feature boundaries (docs/web.md, Imports)', () => {
  it('the web app has no feature importing another feature past its public entry', () => {
    const violations = featureImportViolations(path.resolve(import.meta.dirname, '../features'));
    expect(violations.map((v) => `${v.file}:${v.line} imports ${v.specifier}`)).toEqual([]);
  });

  it('flags an import into another feature, static, re-exported or lazy, and allows its index', () => {
    const root = fixture({
      'quote/index.ts': "export { StarButton } from './components/star.tsx';\n",
      'quote/components/star.tsx': 'export const StarButton = () => null;\n',
      'quote/own.ts': "import { StarButton } from './components/star.tsx';\nexport default StarButton;\n",
      'market/list.tsx': [
        "import { StarButton } from '../quote/components/star.tsx';",
        "import { StarButton as Entry } from '../quote/index.ts';",
        "import * as Whole from '../quote';",
        "import { formatPrice } from '../../shared/format.ts';",
        "export { StarButton as Again } from '../quote/components/star.tsx';",
        "const lazy = () => import('../quote/components/star.tsx');",
        'export { Entry, Whole, formatPrice, lazy };',
      ].join('\n'),
    });
    expect(featureImportViolations(root)).toEqual([
      expect.objectContaining({ file: 'market/list.tsx', line: 1, feature: 'market', target: 'quote' }),
      expect.objectContaining({ file: 'market/list.tsx', line: 5, feature: 'market', target: 'quote' }),
      expect.objectContaining({ file: 'market/list.tsx', line: 6, feature: 'market', target: 'quote' }),
    ]);
  });
});
