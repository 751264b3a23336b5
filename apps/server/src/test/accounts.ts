import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { CodeMessage, CodeSender } from '../modules/member/delivery.ts';

/** Keeps every code the app sends, so tests read codes the way a member reads their mail. */
export class RecordingSender implements CodeSender {
  readonly messages: CodeMessage[] = [];

  async send(message: CodeMessage): Promise<void> {
    this.messages.push(message);
  }

  lastCode(destination: string): string {
    const message = this.messages.findLast((m) => m.destination === destination);
    if (!message) throw new Error(`no code was sent to ${destination}`);
    return message.code;
  }
}

/** A fresh client address per call unless one is given, so per-IP limits only bite where a test means it. */
export function randomIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${((c ?? 0) % 250) + 1}`;
}

export function unique(prefix = 'u'): string {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}

export function uniquePhone(): string {
  return `139${String(Number.parseInt(randomBytes(4).toString('hex'), 16) % 100_000_000).padStart(8, '0')}`;
}

type Call = {
  headers?: Record<string, string>;
  ip?: string;
  lang?: string;
  query?: Record<string, string>;
};

/** HTTP calls under /api/v1 with a JSON body, the request language and a client address. */
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
