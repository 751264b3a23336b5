import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ipoSubscriptions, journalEntries, notices, tradePositions } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { investor, ipoOfferInput, platformBalance } from '../../test/products.ts';
import { createTradeApp, tick } from '../../test/trade-kit.ts';
import { balanceOf, createOperator, expectLedgerVerified, type Headers, payPassword } from '../../test/wallet.ts';
import { Ledger } from '../ledger/index.ts';
import { firstDayMove, type ListingDeps, listOffer } from './listing.ts';

// Tuesday 2026-11-17, 15:00 UTC: the US session is open.
let now = Date.parse('2026-11-17T15:00:00Z');
const listingTime = '2026-11-19T14:30:00Z';
let t: TestApp;
let operator: { headers: Headers };
let cashier: { headers: Headers };
let symbolCount = 0;

/** A fixed-price offer at 10 in USDT (`ipoOfferInput`), allotted early by the operator, listing at `listingTime`. */
async function allottedOffer(lots: number[], input: object = {}) {
  symbolCount += 1;
  const symbol = `LIST${symbolCount}`;
  const created = await api(t.app).post(
    'admin/ipo/offer/create',
    ipoOfferInput(symbol, {
      sharesOffered: 100_000,
      priceMin: '10',
      priceMax: '10',
      endTime: '2026-11-18T00:00:00Z',
      allotmentTime: '2026-11-18T01:00:00Z',
      listingTime,
      ...input,
    }),
    { headers: operator.headers },
  );
  expect(created.statusCode, created.body).toBe(200);
  const offerId = created.json().data.id as number;
  const members = [];
  for (const asked of lots) {
    const member = await investor(t.app, cashier, '10000');
    const subscribed = await api(t.app).post(
      'ipo/subscribe',
      {
        offerId,
        lots: asked,
        payPassword,
      },
      { headers: member.headers },
    );
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    members.push({ ...member, subscriptionId: subscribed.json().data.id as number });
  }
  const allotted = await api(t.app).post('admin/ipo/allot', { id: offerId }, { headers: operator.headers });
  expect(allotted.statusCode, allotted.body).toBe(200);
  return { offerId, symbol, members };
}

async function runJobsAt(time: string) {
  now = Date.parse(time);
  return t.app.jobs.runDue(new Date(now));
}

function deps(): ListingDeps {
  return {
    db: t.app.db,
    ledger: new Ledger(t.app.db, t.app.bus),
    market: t.app.market,
    trade: t.app.trade.service,
    seed: t.app.config.simulatorSeed,
  };
}

beforeAll(async () => {
  t = await createTradeApp({ clock: () => now });
  operator = await createOperator(t.app, { role: 'trading' });
  cashier = await createOperator(t.app, { role: 'finance' });
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

describe('the listing job', () => {
  it('lists at the listing time: the instrument quotes and is found, each allotment is a position at the issue price, its cost moves from ipo_escrow to trading, the member is told', async () => {
    now = Date.parse('2026-11-17T15:00:00Z');
    const { offerId, symbol, members } = await allottedOffer([2, 3]);
    const [alice, bob] = members as [(typeof members)[number], (typeof members)[number]];
    expect(await balanceOf(t.app, alice.headers, 'USDT')).toEqual({ available: '7995', frozen: '0' });
    const escrow = await platformBalance(t.app, 'ipo_escrow', 'USDT');
    const trading = await platformBalance(t.app, 'trading', 'USDT');

    // Before its time nothing lists.
    await runJobsAt('2026-11-19T14:29:00Z');
    expect((await api(t.app).get(`market/quote/detail?symbol=${symbol}`, { headers: {} })).statusCode).toBe(404);
    expect((await api(t.app).get(`ipo/detail?id=${offerId}`, { headers: {} })).json().data.state).toBe('allotted');

    const reports = await runJobsAt('2026-11-19T14:30:00Z');
    expect(reports).toContainEqual({ job: 'ipo.list', period: `ipo:${offerId}`, status: 'done', items: 2 });
    expect((await api(t.app).get(`ipo/detail?id=${offerId}`, { headers: {} })).json().data).toMatchObject({
      state: 'listed',
      listedAt: '2026-11-19T14:30:00.000Z',
    });

    // The quote: previous close the issue price, last the seeded first-day move on the cent grid.
    const first = (Math.round(10 * (1 + firstDayMove(t.app.config.simulatorSeed, symbol)) * 100) / 100).toFixed(2);
    const quote = await api(t.app).get(`market/quote/detail?symbol=${symbol}`, { headers: {} });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data).toMatchObject({ symbol, kind: 'stock', market: 'US', prevClose: '10.00', price: first });
    const found = (await api(t.app).get(`search?q=${symbol}`, { headers: {} })).json().data;
    expect(JSON.stringify(found)).toContain(`"symbol":"${symbol}"`);
    const tab = Number(first) >= 10 ? 'gainers' : 'losers';
    const market = await api(t.app).get(`market/quote/list?market=US&tab=${tab}&pageSize=100`, { headers: {} });
    expect(market.json().data.list.map((row: { symbol: string }) => row.symbol)).toContain(symbol);
    const kline = await api(t.app).get(`market/kline?symbol=${symbol}&interval=1d&limit=50`, { headers: {} });
    expect(kline.json().data.list).toMatchObject([{ time: '2026-11-19T00:00:00.000Z', open: '10.00', close: first }]);

    // Each allotment: a position at the issue price with no fee, status 3, a notice; money moved once.
    for (const [member, quantity] of [
      [alice, 200],
      [bob, 300],
    ] as const) {
      const holdings = (await api(t.app).get('order/holdings', { headers: member.headers })).json().data;
      expect(holdings.list).toMatchObject([
        { symbol, direction: 'buy', quantity, openPrice: '10', openFee: '0', cost: String(quantity * 10) },
      ]);
      const order = await api(t.app).get(`order/detail?id=${holdings.list[0].orderId}`, { headers: member.headers });
      expect(order.json().data).toMatchObject({
        status: 'filled',
        fillPrice: '10',
        fee: '0',
        fillReason: {
          key: 'ipoListed',
          text: `IPO allotment of ${symbol} delivered at the listing: opened at the issue price 10.00, no fee`,
        },
      });
      const subscription = (await api(t.app).get('ipo/subscription/list', { headers: member.headers })).json().data
        .list[0];
      expect(subscription).toMatchObject({ status: 3, allottedQuantity: quantity });
      const [notice] = await t.app.db
        .select()
        .from(notices)
        .where(and(eq(notices.userId, member.user.id), eq(notices.kind, 'ipoListed')));
      expect(notice?.params).toMatchObject({ symbol, quantity, price: '10' });
    }
    expect(await balanceOf(t.app, alice.headers, 'USDT')).toEqual({ available: '7995', frozen: '0' });
    expect(await platformBalance(t.app, 'ipo_escrow', 'USDT')).toBe(String(Number(escrow) - 5000));
    expect(await platformBalance(t.app, 'trading', 'USDT')).toBe(String(Number(trading) + 5000));
    const entries = await t.app.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.kind, 'ipo_list'), eq(journalEntries.reference, `ipo:${alice.subscriptionId}`)));
    expect(entries).toHaveLength(1);

    // The job again, later: nothing more.
    const again = await runJobsAt('2026-11-19T15:00:00Z');
    expect(again.filter((report) => report.job === 'ipo.list')).toEqual([]);
  });

  it('the listed position sells at the bid like any other, and the ledger balances', async () => {
    now = Date.parse('2026-11-17T15:00:00Z');
    const { symbol, members } = await allottedOffer([2], {
      listingTime: '2026-11-19T16:00:00Z',
    });
    const [seller] = members as [(typeof members)[number]];
    await runJobsAt('2026-11-19T16:00:00Z');
    await tick(t.app, symbol, '11.50');
    const position = (await api(t.app).get('order/holdings', { headers: seller.headers })).json().data.list[0];
    const sold = await api(t.app).post(
      'order/close',
      { positionId: position.id, quantity: 100 },
      { headers: seller.headers },
    );
    expect(sold.statusCode, sold.body).toBe(200);
    // Two ticks of spread (average volume below 5 million): bid 11.48. Fee max(1,148 x 0.05 %, 1) = 1 + 0.50.
    expect(sold.json().data.close).toMatchObject({
      quantity: 100,
      closePrice: '11.48',
      fee: '1.5',
      proceeds: '1146.5',
    });
    expect(sold.json().data.position).toMatchObject({ quantity: 100, status: 'open' });
    expect(await balanceOf(t.app, seller.headers, 'USDT')).toEqual({ available: '9141.5', frozen: '0' });
    const rest = await api(t.app).post('order/close', { positionId: position.id }, { headers: seller.headers });
    expect(rest.json().data.position).toMatchObject({ quantity: 0, status: 'closed' });
  });
});

describe('exactly once', () => {
  it('two listings of one offer at once: one lists, the other moves nothing', async () => {
    now = Date.parse('2026-11-17T15:00:00Z');
    const { offerId, symbol, members } = await allottedOffer([1, 2, 3], { listingTime: '2026-11-19T17:00:00Z' });
    const escrow = await platformBalance(t.app, 'ipo_escrow', 'USDT');
    const at = new Date('2026-11-19T17:00:00Z');
    const results = await Promise.all([listOffer(deps(), offerId, at), listOffer(deps(), offerId, at)]);
    expect(results.filter((result) => result !== undefined)).toHaveLength(1);
    expect(results.find((result) => result)?.positions).toHaveLength(3);
    expect(await platformBalance(t.app, 'ipo_escrow', 'USDT')).toBe(String(Number(escrow) - 6000));
    const positions = await t.app.db.select().from(tradePositions).where(eq(tradePositions.symbol, symbol));
    expect(positions.map((row) => row.quantity).sort()).toEqual([100, 200, 300]);
    const statuses = await t.app.db
      .select({ status: ipoSubscriptions.status })
      .from(ipoSubscriptions)
      .where(eq(ipoSubscriptions.offerId, offerId));
    expect(statuses.map((row) => row.status)).toEqual([3, 3, 3]);
    expect(t.app.market.instruments.filter((instrument) => instrument.symbol === symbol)).toHaveLength(1);
    // The job finds it listed and lists nothing more.
    const reports = await runJobsAt('2026-11-19T17:00:00Z');
    expect(reports.filter((report) => report.job === 'ipo.list')).toEqual([]);
    expect(members).toHaveLength(3);
  });

  it('two job passes at once list an offer once', async () => {
    now = Date.parse('2026-11-17T15:00:00Z');
    const { offerId, symbol } = await allottedOffer([2], { listingTime: '2026-11-19T18:00:00Z' });
    now = Date.parse('2026-11-19T18:00:00Z');
    const job = t.app.jobs.jobs.find((registered) => registered.name === 'ipo.list');
    if (!job) throw new Error('ipo.list is not registered');
    const runs = await Promise.all([1, 2].map(() => t.app.jobs.runPeriod(job, `ipo:${offerId}`, new Date(now))));
    expect(runs.map((report) => report?.items ?? 0)).toEqual(expect.arrayContaining([1, 0]));
    const positions = await t.app.db.select().from(tradePositions).where(eq(tradePositions.symbol, symbol));
    expect(positions).toHaveLength(1);
  });

  it('an offer not allotted by its listing time waits for its allotment', async () => {
    now = Date.parse('2026-11-17T15:00:00Z');
    symbolCount += 1;
    const created = await api(t.app).post(
      'admin/ipo/offer/create',
      ipoOfferInput(`LIST${symbolCount}`, {
        endTime: '2026-11-18T00:00:00Z',
        allotmentTime: '2026-11-18T01:00:00Z',
        listingTime: '2026-11-19T19:00:00Z',
      }),
      { headers: operator.headers },
    );
    const reports = await runJobsAt('2026-11-19T19:00:00Z');
    expect(reports.filter((report) => report.job === 'ipo.list')).toEqual([]);
    expect((await api(t.app).get(`ipo/detail?id=${created.json().data.id}`, { headers: {} })).json().data.state).toBe(
      'closed',
    );
  });
});

describe('the first-day move', () => {
  it('is the same for a seed and a symbol, differs between symbols, and stays within -30 % and +100 %', () => {
    expect(firstDayMove(7, 'ABCD')).toBe(firstDayMove(7, 'ABCD'));
    expect(firstDayMove(7, 'ABCD')).not.toBe(firstDayMove(7, 'ABCE'));
    for (let i = 0; i < 500; i++) {
      const move = firstDayMove(i, `S${i}`);
      expect(move).toBeGreaterThanOrEqual(-0.3);
      expect(move).toBeLessThanOrEqual(1);
    }
  });
});
