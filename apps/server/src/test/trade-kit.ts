import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { Money } from '../lib/decimal.ts';
import { spreadTicks, tickSize } from '../market/instrument.ts';
import { Ledger } from '../modules/ledger/index.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { api } from './http.ts';
import { createMember, expectLedgerVerified, type Headers } from './wallet.ts';

/**
 * Trading tests run the engine (MARKET_ENGINE=on) without timers: the test sets each price and
 * calls the engine itself, so a price path is deterministic.
 */
export async function createTradeApp(options: { alwaysOpen?: boolean; clock?: () => number } = {}): Promise<TestApp> {
  return createTestApp(
    { marketEngine: 'on', marketsAlwaysOpen: options.alwaysOpen ?? true },
    {
      market: { autoStart: false, history: { dailyDays: 1, minuteDays: 0 }, clock: options.clock },
      jobs: { autoStart: false, clock: options.clock },
      trade: { listen: false },
    },
  );
}

/** Credits a member directly through the ledger (an operator's adjustment in effect). */
export async function credit(app: FastifyInstance, userId: number, currency: string, amount: string) {
  await new Ledger(app.db).transaction((book) =>
    book.post({ kind: 'adjustment', reference: `test:${userId}:${currency}`, userId }, [
      { platform: 'adjustments', currency, amount: new Money(amount).neg() },
      { userId, bucket: 'available', currency, amount },
    ]),
  );
}

/** Moves `symbol` to `price` (the last trade) and lets the engine execute what it crossed. */
export async function tick(app: FastifyInstance, symbol: string, price: string) {
  const instrument = app.market.instrument(symbol);
  if (!instrument) throw new Error(`unknown ${symbol}`);
  const state = app.market.simulator.states.get(instrument.id);
  if (!state) throw new Error(`no state for ${symbol}`);
  state.price = Number(price);
  // The test sets the whole quote: the bid and the ask a spread each side of the last, as a book
  // between two trades shows them (the simulator prints at one of them: docs/market.md).
  const tick = tickSize(instrument, state.price);
  const half = tick * spreadTicks(instrument);
  state.quoted = { last: state.price, bid: Math.max(tick, state.price - half), ask: state.price + half };
  app.trade.engine.onPrice(symbol, price);
  await app.trade.engine.idle();
}

/** A price path, one tick after the other. */
export async function path(app: FastifyInstance, symbol: string, prices: string[]) {
  for (const price of prices) await tick(app, symbol, price);
}

export async function place(app: FastifyInstance, headers: Headers, body: object, status = 200) {
  const response = await api(app).post('order/place', body, { headers: headers });
  expect(response.statusCode, response.body).toBe(status);
  return response.json().data;
}

export async function detail(app: FastifyInstance, headers: Headers, id: number) {
  const response = await api(app).get(`order/detail?id=${id}`, { headers: headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** The trade tests' clock: a Tuesday, 10:00 in New York (the US session is open). */
export const now = Date.parse('2026-11-17T15:00:00Z');

/** A market buy of 10 AAPL, with `extra` fields. */
export const buy = (extra: object = {}) => ({
  symbol: 'AAPL',
  type: 'market',
  direction: 'buy',
  quantity: 10,
  ...extra,
});

/**
 * One trade app per test file at `now`; each test gets a fresh member holding 100,000 USD with
 * AAPL at 100.00, and the ledger is verified after it.
 */
export function tradeSuite() {
  const suite = {} as { t: TestApp; member: { headers: Headers; user: { id: number } } };
  beforeAll(async () => {
    suite.t = await createTradeApp({ clock: () => now });
  });
  beforeEach(async () => {
    suite.member = await createMember(suite.t.app);
    await credit(suite.t.app, suite.member.user.id, 'USD', '100000');
    await tick(suite.t.app, 'AAPL', '100.00');
  });
  afterEach(() => expectLedgerVerified(suite.t.app));
  afterAll(() => suite.t.close());
  return suite;
}
