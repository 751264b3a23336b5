import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * docs/web.md, "Imports": imports flow app -> features -> shared. A feature reaches another
 * feature only through that feature's public entry (`features/<name>/index.ts` or `index.tsx`),
 * never into its files; everything else it needs lives in `shared/`.
 */
export type FeatureImport = { file: string; line: number; specifier: string; feature: string; target: string };

const sourceFile = /\.(ts|tsx)$/;
// Static imports and re-exports (`import x from`, `import 'x'`, `export { x } from`) and `import('x')`.
const importPattern =
  /(?:\bimport\s*(?:[^'"`;]*?\bfrom\s*)?|\bexport\s*[^'"`;]*?\bfrom\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]/g;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && sourceFile.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The feature a path belongs to, with the path inside it (`''` for the feature folder itself). */
function featureOf(featuresRoot: string, file: string): { name: string; rest: string } | undefined {
  const relative = path.relative(featuresRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [name, ...rest] = relative.split(path.sep);
  return name ? { name, rest: rest.join('/') } : undefined;
}

const publicEntries = new Set(['', 'index', 'index.ts', 'index.tsx']);

/** Every import in `featuresRoot` that reaches into another feature past its public entry. */
export function featureImportViolations(featuresRoot: string): FeatureImport[] {
  const found: FeatureImport[] = [];
  for (const file of sourceFiles(featuresRoot)) {
    const own = featureOf(featuresRoot, file);
    if (!own) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importPattern)) {
      const specifier = match[1] ?? '';
      if (!specifier.startsWith('.')) continue;
      const target = featureOf(featuresRoot, path.resolve(path.dirname(file), specifier));
      if (!target || target.name === own.name || publicEntries.has(target.rest)) continue;
      found.push({
        file: path.relative(featuresRoot, file),
        line: text.slice(0, match.index).split('\n').length,
        specifier,
        feature: own.name,
        target: target.name,
      });
    }
  }
  return found;
}
