import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { LanguageKey } from '@soar/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type FirstViewBanner, FirstViewCache, readerLanguage } from './first-view.ts';

const assetsDir = path.resolve(import.meta.dirname, '../../assets');

/**
 * Hashed files under `assets/` are cached for a year, everything else is revalidated every time:
 * among them the service worker (`sw.js`) and the manifest, so an installed app finds a new
 * release on its next visit (docs/web.md, "Installable app").
 */
function cacheHeaders(dist: string) {
  return (response: { header(name: string, value: string): unknown }, filePath: string) => {
    const relative = path.relative(dist, filePath);
    response.header(
      'cache-control',
      relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
  };
}

type WebOptions = {
  webDist: string;
  adminDist?: string;
  /** The home banners in a language (`GET banner/list`), for the first view in `index.html`. */
  banners?: {
    list(lang: LanguageKey): Promise<FirstViewBanner[]>;
    onChange(listener: () => void): void;
  };
};

/**
 * Serves the built web app at `/` and the back office at `/admin/` (docs/admin.md); `index.html`
 * is revalidated every time so a new release is picked up at once. `index.html` carries the home
 * page's first view in the reader's language (./first-view.ts, docs/web.md).
 */
export const webPlugin = fp(async (app: FastifyInstance, options: WebOptions) => {
  await app.register(fastifyStatic, {
    root: assetsDir,
    prefix: '/static/',
    decorateReply: false,
    maxAge: '1d',
  });
  if (options.adminDist) await serveAdmin(app, options.adminDist);
  if (!existsSync(path.join(options.webDist, 'index.html'))) {
    app.log.warn({ webDist: options.webDist }, 'web app not built: run npm run build');
    return;
  }
  await app.register(fastifyStatic, {
    root: options.webDist,
    prefix: '/',
    wildcard: false,
    decorateReply: false,
    // index.html is the route below.
    index: false,
    globIgnore: ['index.html', 'index.html.*'],
    // The build writes .br and .gz beside each asset (apps/web/vite.config.ts).
    preCompressed: true,
    setHeaders: cacheHeaders(options.webDist),
  });
  const template = await readFile(path.join(options.webDist, 'index.html'), 'utf8');
  const { banners } = options;
  const pages = new FirstViewCache(
    template,
    (lang) => (banners ? banners.list(lang) : Promise.resolve([])),
    (error) => app.log.warn({ err: error }, 'first view: banners unavailable, index.html served without it'),
  );
  banners?.onChange(() => pages.invalidate());
  const index = async (request: FastifyRequest, reply: FastifyReply) => {
    const lang = readerLanguage(request.headers.cookie);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .send(await pages.page(lang));
  };
  app.get('/', { schema: { hide: true } }, index);
  app.get('/index.html', { schema: { hide: true } }, index);
});

/**
 * The back office is a single-page app with real paths (`/admin/deposits?status=0`): its files
 * are served as they are, and any other path under `/admin/` gets its `index.html`, except a
 * missing asset, which stays a 404 rather than an HTML page with the wrong type.
 */
async function serveAdmin(app: FastifyInstance, dist: string) {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ adminDist: dist }, 'back office not built: run npm run build');
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/admin/',
    wildcard: false,
    decorateReply: false,
    preCompressed: true,
    setHeaders: cacheHeaders(dist),
  });
  app.get('/admin', { schema: { hide: true } }, (_request, reply) => reply.redirect('/admin/'));
  app.get('/admin/*', { schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/admin/assets/')) return reply.callNotFound();
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await readFile(index));
  });
}
