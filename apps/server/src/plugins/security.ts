import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { firstViewScriptSource } from './first-view.ts';

/**
 * The content security policy the web app lives under: everything from this origin, inline
 * styles for the UI kit's CSS variables, images from data and blob URLs for previews. The one
 * inline script allowed is the first view's, by its hash (./first-view.ts).
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' ${firstViewScriptSource}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  // The installable app: its service worker (/sw.js) and manifest (docs/web.md).
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * helmet's protective headers, computed once. @fastify/helmet rebuilds them on every request,
 * which cost 40% of the throughput of a settings call (docs/performance.md).
 */
export const securityHeaders = {
  'content-security-policy': contentSecurityPolicy,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
} as const;

export const securityPlugin = fp(async (app: FastifyInstance, options: { rateLimitMax: number }) => {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  // Routes opt in with `config: { rateLimit: { max, timeWindow } }`; the default is rateLimitMax a minute.
  await app.register(rateLimit, {
    global: false,
    max: options.rateLimitMax,
    timeWindow: '1 minute',
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
});
