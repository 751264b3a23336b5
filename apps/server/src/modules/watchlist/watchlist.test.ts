import type { Quote } from '@soar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

type Headers = Record<string, string>;
const call = async (method: 'GET' | 'POST', path: string, headers: Headers, payload?: object) => {
  const http = api(test.app);
  const response =
    method === 'GET'
      ? await http.get(`watchlist/${path}`, { headers })
      : await http.post(`watchlist/${path}`, payload, { headers });
  return {
    status: response.statusCode,
    body: response.json() as { code: number | string; message: unknown; data: Quote[] },
  };
};
const symbolsOf = async (headers: Headers) =>
  (await call('GET', 'list', headers)).body.data.map((quote) => quote.symbol);

describe('watchlists', () => {
  it('needs a login', async () => {
    expect((await call('GET', 'list', {})).status).toBe(401);
    expect((await call('POST', 'add', {}, { symbol: 'AAPL' })).status).toBe(401);
  });

  it('adds in order, answers live quotes, and adding twice is harmless', async () => {
    const { headers } = await createMember(test.app);
    expect((await call('POST', 'add', headers, { symbol: 'AAPL' })).status).toBe(200);
    await call('POST', 'add', headers, { symbol: '0700.HK' });
    await call('POST', 'add', headers, { symbol: 'aapl' });
    const { body } = await call('GET', 'list', headers);
    expect(body.data.map((quote) => quote.symbol)).toEqual(['AAPL', '0700.HK']);
    expect(body.data[0]?.price).toMatch(/^\d+\.\d{2}$/);
  });

  it('refuses an unknown symbol and changes nothing, in two languages', async () => {
    const { headers } = await createMember(test.app);
    const english = await call('POST', 'add', headers, { symbol: 'NOPE' });
    const spanish = await call('POST', 'add', { ...headers, 'x-soar-lang': 'es' }, { symbol: 'NOPE' });
    expect(english.status).toBe(404);
    expect(english.body).toEqual({ code: 'SYMBOL_NOT_FOUND', message: 'This symbol is not known: NOPE' });
    expect(spanish.body.message).toBe('Este símbolo no existe: NOPE');
    expect((await call('POST', 'remove', headers, { symbols: ['NOPE'] })).status).toBe(404);
    expect(await symbolsOf(headers)).toEqual([]);
  });

  it('each member sees and changes only their own list', async () => {
    const alice = await createMember(test.app);
    const bob = await createMember(test.app);
    await call('POST', 'add', alice.headers, { symbol: 'NVDA' });
    await call('POST', 'add', bob.headers, { symbol: 'SAP.DE' });
    expect(await symbolsOf(alice.headers)).toEqual(['NVDA']);
    expect(await symbolsOf(bob.headers)).toEqual(['SAP.DE']);
    // Bob removing or sorting NVDA touches only his own (empty) entry, never Alice's.
    await call('POST', 'remove', bob.headers, { symbols: ['NVDA'] });
    await call('POST', 'sort', bob.headers, { symbols: ['NVDA', 'SAP.DE'] });
    expect(await symbolsOf(alice.headers)).toEqual(['NVDA']);
    expect(await symbolsOf(bob.headers)).toEqual(['SAP.DE']);
  });

  it('sorts into the given order and removes several at once', async () => {
    const { headers } = await createMember(test.app);
    for (const symbol of ['AAPL', 'MSFT', '7203.T', 'SIE.DE']) await call('POST', 'add', headers, { symbol });
    await call('POST', 'sort', headers, { symbols: ['SIE.DE', 'AAPL', '7203.T', 'MSFT'] });
    expect(await symbolsOf(headers)).toEqual(['SIE.DE', 'AAPL', '7203.T', 'MSFT']);
    await call('POST', 'sort', headers, { symbols: ['MSFT'] });
    expect(await symbolsOf(headers)).toEqual(['MSFT', 'SIE.DE', 'AAPL', '7203.T']);
    await call('POST', 'remove', headers, { symbols: ['AAPL', 'SIE.DE'] });
    expect(await symbolsOf(headers)).toEqual(['MSFT', '7203.T']);
  });

  it('refuses an empty symbol list', async () => {
    const { headers } = await createMember(test.app);
    expect((await call('POST', 'remove', headers, { symbols: [] })).status).toBe(422);
  });
});
