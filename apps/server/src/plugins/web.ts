import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const assetsDir = path.resolve(import.meta.dirname, '../../assets');

/**
 * Serves the built web app at `/`: hashed files under `/assets/` are cached for a year,
 * `index.html` is revalidated every time so a new release is picked up at once.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { webDist: string }) => {
  await app.register(fastifyStatic, {
    root: assetsDir,
    prefix: '/static/',
    decorateReply: false,
    maxAge: '1d',
  });
  if (!existsSync(path.join(options.webDist, 'index.html'))) {
    app.log.warn({ webDist: options.webDist }, 'web app not built: run npm run build');
    return;
  }
  await app.register(fastifyStatic, {
    root: options.webDist,
    prefix: '/',
    wildcard: false,
    decorateReply: false,
    // The build writes .br and .gz beside each asset (apps/web/vite.config.ts).
    preCompressed: true,
    setHeaders(response, filePath) {
      const relative = path.relative(options.webDist, filePath);
      response.header(
        'cache-control',
        relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
});
