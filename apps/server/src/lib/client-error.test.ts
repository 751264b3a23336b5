import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { clientErrorHandler } from './client-error.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  port = address.port;
});
afterAll(() => t.close());

/** Sends raw bytes and reads until the server closes the connection. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe("Node's own answers (issue 9, B10)", () => {
  it('a header block too large is 431 in the {code, message} envelope', async () => {
    const answer = await raw(`GET /api/v1/language/list HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1.1 431/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('a bad Content-Length is 400 in the envelope', async () => {
    const answer = await raw('POST /api/v1/member/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1.1 400/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('a request that never finishes arriving is 408 REQUEST_TIMEOUT in the envelope', () => {
    let written = '';
    const socket = { writable: true, end: (text: string) => (written = text), destroy: () => {} };
    clientErrorHandler(Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket as never);
    expect(written).toMatch(/^HTTP\/1.1 408 Request Timeout/);
    expect(JSON.parse(written.slice(written.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'REQUEST_TIMEOUT',
      message: 'The request took too long to arrive, please retry',
    });
  });

  it('an oversized body, sent in chunks, still gets its 413 answer read by the client', async () => {
    const chunk = 'a'.repeat(64 * 1024);
    const answer = await new Promise<string>((resolve, reject) => {
      const request = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/v1/member/login',
          headers: { 'content-type': 'application/json' },
        },
        (response) => {
          let text = '';
          response.on('data', (data) => {
            text += data;
          });
          response.on('end', () => resolve(`${response.statusCode} ${text}`));
        },
      );
      request.on('error', reject);
      request.write('{"mail":"');
      for (let sent = 0; sent < 8 * 1024 * 1024; sent += chunk.length) request.write(chunk);
      request.end('"}');
    });
    expect(answer).toBe('413 {"code":"PAYLOAD_TOO_LARGE","message":"The request is too large"}');
  });

  it('the server cuts off slow requests (request and header timeouts are set)', () => {
    expect(t.app.server.requestTimeout).toBe(30_000);
    expect(t.app.server.headersTimeout).toBe(15_000);
  });
});
