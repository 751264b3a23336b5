import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bodyLimit } from '../app.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const body = z.object({
    mail: z.email(),
    password: z.string().min(4, { error: 'validation.passwordLength' }).max(16, { error: 'validation.passwordLength' }),
    amount: z.number().int().min(1),
  });
  t.app.post('/api/v1/__test/echo', { schema: { body } }, async (request) => ({
    code: 0,
    message: 'ok',
    data: request.body,
  }));
  t.app.get('/api/v1/__test/limited', { config: { rateLimit: { max: 2, timeWindow: '1 minute' } } }, async () => ({
    code: 0,
  }));
  t.app.get('/api/v1/__test/boom', async () => {
    throw new Error('secret internals: password=hunter2');
  });
});
afterAll(() => t.close());

const post = (payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/__test/echo',
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('the error envelope', () => {
  it('answers an unknown API path with 404 ROUTE_NOT_FOUND, in English and in German', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/api/v1/no/such/thing?x=1' });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({
      code: 'ROUTE_NOT_FOUND',
      message: 'There is no such address: GET /api/v1/no/such/thing',
    });
    const de = await t.app.inject({ method: 'GET', url: '/api/v1/no/such/thing', headers: { 'x-soar-lang': 'de' } });
    expect(de.json().message).toBe('Diese Adresse gibt es nicht: GET /api/v1/no/such/thing');
  });

  it("answers the router's own refusals in the envelope, in the request's language, without echoing the path", async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/%E0%A4%A', headers: { 'x-soar-lang': 'de' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'BAD_URL', message: 'Die Adresse ist ungültig' });
    const long = await t.app.inject({ method: 'GET', url: `/api/v1/upload/${'a'.repeat(10_000)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ code: 'URI_TOO_LONG', message: 'The address is too long' });
    const unknown = await t.app.inject({ method: 'GET', url: `/api/v1/x/${'b'.repeat(10_000)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.length).toBeLessThan(200);
    expect(unknown.json().message).toBe(`There is no such address: GET /api/v1/x/${'b'.repeat(70)}…`);
  });

  it('falls back to English for an unknown language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing', headers: { 'x-soar-lang': 'xx' } });
    expect(res.json().message).toBe('There is no such address: GET /api/v1/nothing');
  });

  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    const en = await post('{"mail": ');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ code: 'MALFORMED_JSON', message: 'The request body is not valid JSON' });
    const fr = await post('{"mail": ', { 'x-soar-lang': 'fr' });
    expect(fr.json().message).toBe("Le corps de la requête n'est pas un JSON valide");
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const big = JSON.stringify({ mail: 'a@b.co', password: 'x'.repeat(bodyLimit), amount: 1 });
    const en = await post(big);
    expect(en.statusCode).toBe(413);
    expect(en.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' });
    const ja = await post(big, { 'x-soar-lang': 'ja' });
    expect(ja.json().message).toBe('リクエストが大きすぎます');
  });

  it('answers an unsupported media type with 415', async () => {
    const en = await post('mail=a', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(en.statusCode).toBe(415);
    expect(en.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'This content type is not supported: application/x-www-form-urlencoded',
    });
    const es = await post('mail=a', { 'content-type': 'text/csv', 'x-soar-lang': 'es' });
    expect(es.json().message).toBe('Este tipo de contenido no es compatible: text/csv');
  });

  it('answers invalid fields with 422 and one localised message per field, as a list', async () => {
    const en = await post(JSON.stringify({ mail: 'not-mail', password: 'abc', amount: 0 }));
    expect(en.statusCode).toBe(422);
    expect(en.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: [
        'Enter an email address such as name@example.com',
        'The password has 4 to 16 characters',
        'Amount must be at least 1',
      ],
    });
    const it = await post(JSON.stringify({ password: 'abcdefghijklmnopq', amount: 2.5 }), { 'x-soar-lang': 'it' });
    expect(it.json().message).toEqual([
      'Email è obbligatorio',
      'La password deve avere da 4 a 16 caratteri',
      'Importo deve essere un numero intero',
    ]);
  });

  it('answers the rate limit with 429 RATE_LIMITED', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.app.inject({ url: '/api/v1/__test/limited' })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const en = await t.app.inject({ url: '/api/v1/__test/limited' });
    expect(en.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests, please wait a moment and retry' });
    const zh = await t.app.inject({ url: '/api/v1/__test/limited', headers: { 'x-soar-lang': 'zh-CN' } });
    expect(zh.statusCode).toBe(429);
    expect(zh.json().message).toBe('请求过于频繁，请稍后重试');
  });

  it('answers an unexpected error with 500 and no internals', async () => {
    const en = await t.app.inject({ url: '/api/v1/__test/boom' });
    expect(en.statusCode).toBe(500);
    expect(en.json()).toEqual({ code: 'INTERNAL_ERROR', message: 'Something went wrong on our side, please retry' });
    expect(en.body).not.toContain('hunter2');
    const de = await t.app.inject({ url: '/api/v1/__test/boom', headers: { 'x-soar-lang': 'de' } });
    expect(de.json().message).toBe('Bei uns ist etwas schiefgelaufen, bitte erneut versuchen');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/api/v1/language/list' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
