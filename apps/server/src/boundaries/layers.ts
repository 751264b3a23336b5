import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The server's layers (docs/architecture.md, Layers): `lib/` and `db/` know no domain, `core/`
 * holds the rules every domain shares and knows no domain either, and a domain's internals are its
 * own: anything outside `modules/<domain>/` reaches it only through `modules/<domain>/index.ts`.
 * `app.ts` and `main.ts`, the composition root, build every service and may import anything.
 */
export type LayerViolation = { file: string; line: number; specifier: string; rule: string };

const importPattern =
  /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const compositionRoot = new Set(['app.ts', 'main.ts']);
const domainFree = ['lib', 'db', 'core'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry) ? [full] : [];
  });
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

export function layerViolations(root: string): LayerViolation[] {
  const violations: LayerViolation[] = [];
  for (const file of sourceFiles(root)) {
    const from = path.relative(root, file);
    if (compositionRoot.has(from)) continue;
    const [fromTop, fromDomain] = from.split(path.sep);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? '';
      const target = path.relative(root, path.resolve(path.dirname(file), specifier)).split(path.sep);
      if (target[0] !== 'modules' || target.length < 2) continue;
      const line = lineOf(text, (match.index ?? 0) + match[0].indexOf(specifier));
      if (fromTop && domainFree.includes(fromTop)) {
        violations.push({ file: from, line, specifier, rule: `${fromTop}/ imports no domain` });
        continue;
      }
      const [, domain, ...inner] = target;
      if (fromTop === 'modules' && fromDomain === domain) continue;
      if (inner.join('/') !== 'index.ts') {
        violations.push({ file: from, line, specifier, rule: `${domain}'s internals only through its index.ts` });
      }
    }
  }
  return violations;
}
