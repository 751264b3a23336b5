import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { redactUrl, serializeRequest } from './redact.ts';

describe('the request log (issue 9, B9)', () => {
  it('never shows a token in a URL', () => {
    expect(redactUrl('/api/v1/ws?token=abc.def')).toBe('/api/v1/ws?token=[redacted]');
    expect(redactUrl('/api/user/check_logged?lang=en&token=T1&x=1')).toBe(
      '/api/user/check_logged?lang=en&token=[redacted]&x=1',
    );
    expect(redactUrl('/api/v1/news/list?symbol=AAPL')).toBe('/api/v1/news/list?symbol=AAPL');
  });

  it('redacts a credential whatever the spelling of its name: percent-encoded, upper case, undecodable', () => {
    expect(redactUrl('/api/v1/ws?%74oken=T1')).toBe('/api/v1/ws?%74oken=[redacted]');
    expect(redactUrl('/api/v1/ws?%54%4F%4B%45%4E=T1&lang=de')).toBe('/api/v1/ws?%54%4F%4B%45%4E=[redacted]&lang=de');
    expect(redactUrl('/api/v1/ws?TOKEN=T1')).toBe('/api/v1/ws?TOKEN=[redacted]');
    expect(redactUrl('/api/v1/ws?%E0%A4%A=T1')).toBe('/api/v1/ws?%E0%A4%A=[redacted]');
    expect(redactUrl('/x?a=1&token=T1#frag')).toBe('/x?a=1&token=[redacted]#frag');
  });

  it('is what a Fastify logger with the serializer writes', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, serializers: { req: serializeRequest } } });
    app.get('/ws', async () => 'ok');
    await app.inject({ method: 'GET', url: '/ws?token=secret-token-value' });
    await app.inject({ method: 'GET', url: '/ws?%74oken=encoded-token-value' });
    await app.close();
    expect(lines.join('')).toContain('token=[redacted]');
    expect(lines.join('')).toContain('%74oken=[redacted]');
    expect(lines.join('')).not.toContain('secret-token-value');
    expect(lines.join('')).not.toContain('encoded-token-value');
  });
});
