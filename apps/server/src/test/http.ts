import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** A fresh client address per call unless one is given, so per-IP limits only bite where a test means it. */
export function randomIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${((c ?? 0) % 250) + 1}`;
}

export type Call = {
  headers?: Record<string, string>;
  ip?: string;
  lang?: string;
  query?: Record<string, string>;
};

/**
 * The one way server tests call the API: under /api/v1, a JSON body, the request language, headers
 * (`bearer(token)` or a fixture's `headers`) and a fresh client address per call unless `ip` is
 * given. Raw `app.inject` is for what this cannot send (multipart, malformed bodies, other paths).
 */
export function api(app: FastifyInstance) {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, options: Call = {}) =>
    app.inject({
      method,
      url: `/api/v1/${url}`,
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      query: options.query,
      remoteAddress: options.ip ?? randomIp(),
      headers: { ...(options.lang ? { 'x-soar-lang': options.lang } : {}), ...options.headers },
    });
  return {
    get: (url: string, options?: Call) => call('GET', url, undefined, options),
    post: (url: string, body: unknown = {}, options?: Call) => call('POST', url, body, options),
    put: (url: string, body?: unknown, options?: Call) => call('PUT', url, body, options),
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
