// npm run build: the server as JavaScript in dist/, one bundle per entry with its source map
// (docs/operations.md). Run it with `node --enable-source-maps dist/main.js`.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = import.meta.dirname;
const outdir = path.join(serverRoot, 'dist');

/**
 * npm packages stay imports, resolved from node_modules at run time: native addons (argon2, sharp),
 * PGlite's WASM and the files packages read beside themselves. The workspace packages (`@soar/*`)
 * are TypeScript sources and go into the bundle.
 */
const npmPackagesOutside = {
  name: 'npm-packages-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
      specifier.startsWith('@soar/') ? undefined : { path: specifier, external: true },
    );
  },
};

/**
 * Files read by path at run time (migrations, market and news data, the server's assets) are found
 * from `import.meta.dirname`, the source file's folder. In a bundle every module would share the
 * bundle's folder, so each use is rewritten to the source folder, relative to the bundle: the same
 * paths under tsx, vitest and the build, wherever the repository lives.
 */
const sourceFolders = {
  name: 'source-folders',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
      const source = await readFile(file, 'utf8');
      if (!source.includes('import.meta.dirname')) return undefined;
      const fromBundle = path.relative(outdir, path.dirname(file)).split(path.sep).join('/');
      return {
        contents: source.replaceAll(
          'import.meta.dirname',
          `(import.meta.dirname + ${JSON.stringify(`/${fromBundle}`)})`,
        ),
        loader: 'ts',
      };
    });
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(serverRoot, 'src/main.ts'),
    'ledger-verify': path.join(serverRoot, 'src/modules/ledger/verify-cli.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // The stack traces point at the sources in the repository; their text need not be copied.
  sourcesContent: false,
  plugins: [npmPackagesOutside, sourceFolders],
  logLevel: 'warning',
});
