import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Writes `.br` and `.gz` beside every text asset, which the server sends to browsers that accept
 * them (@fastify/static `preCompressed`): no compression work per request.
 */
function precompress(): Plugin {
  return {
    name: 'soar-precompress',
    apply: 'build',
    writeBundle({ dir }) {
      if (!dir) return;
      for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json)$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

const frameModules =
  /node_modules\/(react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack|zustand|use-sync-external-store)\/|src\/shared\/(i18n|page|ui\/logo)\.|locales\/(common|shell)\/en\.json/;
/**
 * TanStack Query's observers and hooks serve pages only (the home route and start-up use the
 * client and the provider): left in the frame group, the first page to call `useQuery` would add
 * some 3 KiB gzip to the first load.
 */
const pageOnlyQueryModules =
  /@tanstack\/(react-query\/build\/modern\/(use(?!QueryClient)\w*|queryOptions|infiniteQueryOptions|mutationOptions|errorBoundaryUtils|suspense|IsRestoringProvider|QueryErrorResetBoundary|HydrationBoundary)|query-core\/build\/modern\/(\w*[oO]bserver|hydration|infiniteQueryBehavior))\.js$/;

/**
 * The home route's own modules, in one chunk with the page: left alone, the bundler cuts them into
 * some twenty small chunks that the browser only discovers one import level at a time (three
 * round trips before the page could ask for its data; docs/performance.md, bench:web). Only the
 * files the home page imports: a whole folder would bring other pages' code (the watch star, the
 * quote detail, TanStack's mutations) into the first load.
 */
const homeModules =
  /src\/(pages\/main\/home\/|shared\/quote\/(format|index-card|index-list|live-quote|market-state|market-status|quote\.module)\.|shared\/ui\/top-bar|shared\/use-locale|features\/market\/(api\/(banner-list|keys|news-list|quote-list)\.|components\/(banners|icons|list-state|news-row|quote-row|support-button)\.))|contract\/src\/market-states/;

/**
 * The catalogs the app loads at start (shared/i18n.ts), one chunk per language: one file per
 * namespace made eleven requests and eleven imports before the first render, and compressed 5 KiB
 * worse (docs/performance.md, bench:web). The installable app's texts stay apart: the offline page
 * takes them in every language.
 */
const startCatalog = /packages\/i18n\/src\/locales\/(?!installable\/)[\w-]+\/([\w-]+)\.json$/;

/**
 * The installable app (docs/web.md, "Installable app"): the manifest, and the service worker built
 * from src/service-worker/sw.ts with the list of the build's files to keep. `index.html` is not in
 * that list: pages always come from the network, where the server draws the first view.
 */
const installable = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/service-worker',
  filename: 'sw.ts',
  registerType: 'prompt',
  // main.tsx registers it once the first view is idle (src/app/installable/register.ts).
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'Soar',
    short_name: 'Soar',
    description: 'Quotes, markets and your brokerage account',
    lang: 'en',
    // The hash router's home: `/` opens `#/`.
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#465CFF',
    background_color: '#F5F6FA',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  // The icons are in the list below already; the plugin adds the manifest itself.
  includeManifestIcons: false,
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    globIgnores: ['index.html'],
    // Hashed names change with their content: no revision needed.
    dontCacheBustURLsMatching: /^assets\//,
  },
});

export default defineConfig({
  plugins: [react(), precompress(), installable],
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    modulePreload: false,
    rolldownOptions: {
      // The offline page the service worker shows (src/offline/).
      input: { index: 'index.html', offline: 'offline.html' },
      output: {
        // What every page needs at start goes in one chunk: left alone, the bundler cuts it into
        // six small files that compress 1.5 KiB worse together (docs/performance.md, bench:web).
        codeSplitting: {
          groups: [
            {
              name: 'frame',
              test: (id) => frameModules.test(id) && !pageOnlyQueryModules.test(id),
            },
            {
              name: 'home',
              test: (id) => homeModules.test(id) || (pageOnlyQueryModules.test(id) && !/[mM]utation/.test(id)),
            },
            {
              debugName: 'catalogs',
              name: (id) => {
                const language = startCatalog.exec(id)?.[1];
                return language ? `catalog-${language}` : null;
              },
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true }, '/static': 'http://localhost:3000' },
  },
});
