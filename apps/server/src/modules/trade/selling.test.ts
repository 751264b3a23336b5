import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tradeFeeSchedules, tradeOrders, tradePositions } from '../../db/schema/index.ts';
import { Money } from '../../lib/decimal.ts';
import { api } from '../../test/http.ts';
import { buy, credit, place, tick, tradeSuite } from '../../test/trade-kit.ts';
import { balanceOf, createMember } from '../../test/wallet.ts';
import { breakEvenOf } from './preview.ts';
import { feeOf } from './pricing.ts';

// AAPL: US market, lot 1, one tick of spread: at a last of 100.00 the bid is 99.99, the ask 100.01.
// US fees: 0.05 % commission, minimum 1, platform fee 0.50 per order (docs/trading.md, Fees).
const suite = tradeSuite();
const post = (path: string, body: object, headers = suite.member.headers) =>
  api(suite.t.app).post(path, body, { headers });

async function openPositions(userId: number) {
  return suite.t.app.db
    .select()
    .from(tradePositions)
    .where(and(eq(tradePositions.userId, userId), eq(tradePositions.status, 'open')));
}

describe('selling what you hold (docs/trading.md, Selling what you hold)', () => {
  it('Sell closes the longs oldest first, with one fee, as the preview said; no short is opened', async () => {
    const first = await place(suite.t.app, suite.member.headers, buy({ quantity: 3 }));
    await tick(suite.t.app, 'AAPL', '102.00');
    const second = await place(suite.t.app, suite.member.headers, buy({ quantity: 5 }));
    await tick(suite.t.app, 'AAPL', '105.00'); // bid 104.99

    const body = { symbol: 'AAPL', direction: 'buy', quantity: 4 };
    const preview = await post('order/close/holding/preview', body);
    expect(preview.statusCode, preview.body).toBe(200);
    // 4 x 104.99 = 419.96: the commission 0.21 is below the minimum 1, plus 0.50: one fee of 1.50.
    expect(preview.json().data).toMatchObject({
      held: 8,
      quantity: 4,
      price: '104.99',
      fee: '1.5',
      parts: [
        { positionId: first.positionId, quantity: 3, openPrice: '100.01' },
        { positionId: second.positionId, quantity: 1, openPrice: '102.01' },
      ],
    });
    // cost 3 x 100.01 + 102.01 = 402.04; proceeds 419.96 - 1.50 = 418.46
    expect(preview.json().data).toMatchObject({ cost: '402.04', proceeds: '418.46', realisedPnl: '16.42' });

    const before = await balanceOf(suite.t.app, suite.member.headers, 'USD');
    const sold = await post('order/close/holding', body);
    expect(sold.statusCode, sold.body).toBe(200);
    const result = sold.json().data;
    expect(result).toMatchObject({ proceeds: '418.46', realisedPnl: '16.42' });
    expect(result.closes.map((close: { quantity: number }) => close.quantity)).toEqual([3, 1]);
    expect(result.positions).toMatchObject([
      { id: first.positionId, status: 'closed', quantity: 0 },
      { id: second.positionId, status: 'open', quantity: 4 },
    ]);
    const after = await balanceOf(suite.t.app, suite.member.headers, 'USD');
    expect(new Money(after.available).minus(before.available).toString()).toBe('418.46');
    const open = await openPositions(suite.member.user.id);
    expect(open.map((row) => [row.direction, row.quantity])).toEqual([['buy', 4]]);
  });

  it('Buy to cover closes the shorts; the whole holding when no quantity is given', async () => {
    await place(suite.t.app, suite.member.headers, buy({ direction: 'sell', quantity: 2 })); // at the bid 99.99
    await place(suite.t.app, suite.member.headers, buy({ quantity: 1 })); // a long beside it stays
    await tick(suite.t.app, 'AAPL', '98.00'); // ask 98.01
    const covered = await post('order/close/holding', { symbol: 'AAPL', direction: 'sell' });
    expect(covered.statusCode, covered.body).toBe(200);
    // (99.99 - 98.01) x 2 = 3.96, less one fee of 1.50
    expect(covered.json().data).toMatchObject({ realisedPnl: '2.46' });
    const open = await openPositions(suite.member.user.id);
    expect(open.map((row) => row.direction)).toEqual(['buy']);
  });

  it('refuses what is not held: nothing held, more than held, off the lot; another member holds nothing of mine', async () => {
    const nothing = await post('order/close/holding', { symbol: 'AAPL', direction: 'buy' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ code: 'TRADE_NOTHING_TO_CLOSE', message: 'You hold no AAPL to close' });

    await place(suite.t.app, suite.member.headers, buy({ quantity: 2 }));
    const tooMany = await post('order/close/holding', { symbol: 'AAPL', direction: 'buy', quantity: 3 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().code).toBe('TRADE_CLOSE_QUANTITY');

    const other = await createMember(suite.t.app);
    await credit(suite.t.app, other.user.id, 'USD', '1000');
    const theirs = await post('order/close/holding', { symbol: 'AAPL', direction: 'buy' }, other.headers);
    expect(theirs.json().code).toBe('TRADE_NOTHING_TO_CLOSE');
    expect(await openPositions(suite.member.user.id)).toHaveLength(1);

    for (const bad of [
      { symbol: 'AAPL', direction: 'buy', quantity: 2.5 },
      { symbol: 'AAPL', direction: 'buy', quantity: -1 },
      { symbol: 'AAPL', direction: 'long' },
      { symbol: 'AA\u0000PL', direction: 'buy' },
      { symbol: 'AAPL', direction: 'buy', extra: 1 },
    ]) {
      const answer = await post('order/close/holding', bad);
      expect([400, 404, 422], JSON.stringify(bad)).toContain(answer.statusCode);
    }
    expect(await openPositions(suite.member.user.id)).toHaveLength(1);
  });

  it('two racing sells of the whole holding: one closes it, the other finds nothing', async () => {
    await place(suite.t.app, suite.member.headers, buy({ quantity: 2 }));
    const body = { symbol: 'AAPL', direction: 'buy' };
    const answers = await Promise.all([post('order/close/holding', body), post('order/close/holding', body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('strict order input: refused with the reason, never rewritten', () => {
  it('a price off the tick grid answers PRICE_TICK naming the field and the step, and nothing is placed', async () => {
    const cent = await post('order/place', buy({ type: 'limit', limitPrice: '0.001' }));
    expect(cent.statusCode).toBe(422);
    expect(cent.json()).toMatchObject({
      code: 'PRICE_TICK',
      message: 'Limit price must be a multiple of 0.01 USD: prices move in steps of 0.01',
    });
    await tick(suite.t.app, '0700.HK', '625.00'); // HKEX: 0.50 steps from 500 to 1,000
    const hk = { symbol: '0700.HK', type: 'limit', direction: 'buy', quantity: 100, limitPrice: '620.2' };
    await credit(suite.t.app, suite.member.user.id, 'HKD', '100000');
    const offGrid = await post('order/place', hk, { ...suite.member.headers, 'accept-language': 'de' });
    expect(offGrid.statusCode).toBe(422);
    expect(offGrid.json().code).toBe('PRICE_TICK');
    expect(offGrid.json().message).toContain('0.5 HKD');
    const stop = await post('order/preview', buy({ stopLoss: '90.005' }));
    expect(stop.json()).toMatchObject({ code: 'PRICE_TICK' });
    expect(await post('order/preview', { ...hk, limitPrice: '620.5' }).then((a) => a.statusCode)).toBe(200);
    const orders = await suite.t.app.db.select().from(tradeOrders).where(eq(tradeOrders.userId, suite.member.user.id));
    expect(orders).toHaveLength(0);
  });

  it('a quantity above the maximum says the maximum; a fraction, a negative or an exponent says why', async () => {
    const huge = await post('order/preview', buy({ quantity: 999_999_999 }));
    expect(huge.statusCode).toBe(422);
    expect(huge.json().message).toEqual(['Quantity must be at most 100000000']);
    const fraction = await post('order/preview', buy({ quantity: 2.5 }));
    expect(fraction.json().message).toEqual(['Quantity must be a whole number']);
    const negative = await post('order/preview', buy({ quantity: -3 }));
    expect(negative.json().message).toEqual(['Quantity must be at least 1']);
    const exponent = await post('order/preview', buy({ type: 'limit', limitPrice: '1e9' }));
    expect(exponent.statusCode).toBe(422);
    expect(exponent.json().message).toEqual(['Limit price must be a decimal number']);
  });
});

describe('break-even and the preview include the closing fee as the schedule charges it', () => {
  // US: 0.05 %, minimum 1, platform 0.50. One share at the ask 100.01: fee 1.50 to open, and a
  // close of ~100 pays the minimum again: break-even = (100.01 + 1.50 + 1.00 + 0.50) / 1 = 103.01.
  it('a small long pays the minimum to close', async () => {
    const answer = await post('order/preview', buy({ quantity: 1 }));
    expect(answer.json().data).toMatchObject({ total: '101.51', breakEven: '103.01' });
    // Closing at the break-even returns the total, to the cent.
    await place(suite.t.app, suite.member.headers, buy({ quantity: 1 }));
    await tick(suite.t.app, 'AAPL', '103.02'); // bid 103.01
    const closed = await post('order/close/holding', { symbol: 'AAPL', direction: 'buy' });
    expect(closed.json().data.proceeds).toBe('101.51');
  });

  it('a large long pays the rate to close; a short the other way round', async () => {
    // 100 x 100.01 = 10001: commission 5.0005 -> 5.01, fee 5.51, total 10006.51.
    // Close: P x 100 x (1 - 0.0005) - 0.50 = 10006.51 -> P = 100.1202 (rounded up)
    const long = await post('order/preview', buy({ quantity: 100 }));
    expect(long.json().data).toMatchObject({ total: '10006.51', breakEven: '100.13' });
    // A short at the bid 99.99: 9999 notional, fee 5.00 + 0.50; P x 100 x 1.0005 + 0.50 = 9993.5
    const short = await post('order/preview', buy({ quantity: 100, direction: 'sell' }));
    expect(short.json().data).toMatchObject({ notional: '9999', fee: '5.5', breakEven: '99.88' });
  });

  it('a Tokyo fee is whole yen, as the yen has no minor unit', async () => {
    await credit(suite.t.app, suite.member.user.id, 'JPY', '5000000');
    await tick(suite.t.app, '7203.T', '2500');
    const preview = (await post('order/preview', { ...buy({ symbol: '7203.T', quantity: 1000 }) })).json().data;
    // 1,000 x the ask: a commission of 0.06 % with decimals, rounded up to the yen, plus 50.
    expect(preview.fee).toMatch(/^\d+$/);
    const order = await place(suite.t.app, suite.member.headers, buy({ symbol: '7203.T', quantity: 1000 }));
    expect(order.fee).toBe(preview.fee);
  });

  it('funds needed are what is frozen, to the cent', async () => {
    const input = buy({ type: 'limit', limitPrice: '95', quantity: 7 });
    const preview = (await post('order/preview', input)).json().data;
    const order = await place(suite.t.app, suite.member.headers, input);
    expect(order.frozen).toBe(preview.fundsNeeded);
  });

  it("for every market's schedule, closing at the break-even returns what was paid", async () => {
    const schedules = await suite.t.app.db.select().from(tradeFeeSchedules);
    expect(schedules.map((row) => row.market).sort()).toEqual(['EU', 'HK', 'JP', 'US']);
    for (const schedule of schedules) {
      for (const [price, quantity] of [
        ['12.34', 100],
        ['3456', 1000],
        ['0.5', 100000],
      ] as const) {
        for (const direction of ['buy', 'sell']) {
          const notional = new Money(price).mul(quantity);
          const opening = feeOf(schedule, 0, notional);
          const even = breakEvenOf(direction, quantity, notional, opening, schedule);
          const closing = feeOf(schedule, 0, even.mul(quantity)).fee;
          // Long: even x q - closing fee = notional + opening fee; short: even x q + closing fee = notional - opening fee.
          const net =
            direction === 'buy'
              ? even.mul(quantity).sub(closing).sub(notional.add(opening.fee))
              : notional.sub(opening.fee).sub(even.mul(quantity)).sub(closing);
          const label = `${schedule.market} ${direction} ${quantity} at ${price}`;
          // Within the cent the commission is rounded up to.
          expect(net.abs().lte('0.01'), `${label}: ${net}`).toBe(true);
        }
      }
    }
  });
});
