import { fillReasons } from '@soar/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { journalEntries, journalLines, notices, tradeOrders, tradePositions, users } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import type { TestApp } from '../../test/helper.ts';
import { createTradeApp, credit, detail, place, tick } from '../../test/trade-kit.ts';
import { balanceOf, createMember, expectLedgerVerified, type Headers } from '../../test/wallet.ts';
import { Ledger } from '../ledger/index.ts';
import { fill } from './placement.ts';

// AAPL at a last of 100.00: bid 99.99, ask 100.01; US fees 0.05 %, minimum 1, platform fee 0.50.
const now = Date.parse('2026-11-17T15:00:00Z');
let t: TestApp;
let member: { headers: Headers; user: { id: number } };

beforeAll(async () => {
  t = await createTradeApp({ clock: () => now });
});
beforeEach(async () => {
  member = await createMember(t.app);
  await credit(t.app, member.user.id, 'USD', '1000000');
  await tick(t.app, 'AAPL', '100.00');
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

const order = (extra: object) => ({ symbol: 'AAPL', type: 'market', direction: 'buy', quantity: 10, ...extra });

async function storedBest(id: number) {
  const [row] = await t.app.db.select({ best: tradeOrders.trailBest }).from(tradeOrders).where(eq(tradeOrders.id, id));
  return row?.best && moneyString(row.best);
}

describe('trailing stops in the book', () => {
  it('rest under their best price; a tick moves only the stops whose best it improves', async () => {
    const sell = await place(
      t.app,
      member.headers,
      order({ type: 'trailingStop', direction: 'sell', trailAmount: '5' }),
    );
    const buy = await place(
      t.app,
      member.headers,
      order({ type: 'trailingStop', direction: 'buy', trailPercent: '10' }),
    );
    const bests = t.app.trade.engine.bests.of('AAPL');
    expect(bests.has(`order:${sell.id}`) && bests.has(`order:${buy.id}`)).toBe(true);

    await tick(t.app, 'AAPL', '100.00'); // improves neither best
    expect([await storedBest(sell.id), await storedBest(buy.id)]).toEqual(['100', '100']);
    await tick(t.app, 'AAPL', '103.00'); // the sell's best rises, the buy's stays
    expect([await storedBest(sell.id), await storedBest(buy.id)]).toEqual(['103', '100']);
    expect(await detail(t.app, member.headers, sell.id)).toMatchObject({ stopPrice: '98' });
    await tick(t.app, 'AAPL', '99.00'); // the buy's best falls, the sell's stays
    expect([await storedBest(sell.id), await storedBest(buy.id)]).toEqual(['103', '99']);
    expect(await detail(t.app, member.headers, buy.id)).toMatchObject({ stopPrice: '108.9' });

    // After a restart the stops rest under the stored bests and still fire at their distance.
    await t.app.trade.engine.rebuild();
    await tick(t.app, 'AAPL', '98.00');
    expect(await detail(t.app, member.headers, sell.id)).toMatchObject({ status: 'filled', fillPrice: '97.99' });
    const rebuilt = t.app.trade.engine.bests.of('AAPL');
    expect([rebuilt.has(`order:${sell.id}`), rebuilt.has(`order:${buy.id}`)]).toEqual([false, true]);
    expect(await storedBest(buy.id)).toBe('98');
    await tick(t.app, 'AAPL', '107.80'); // 98 + 10 % = 107.80
    expect(await detail(t.app, member.headers, buy.id)).toMatchObject({ status: 'filled', fillPrice: '107.81' });
  });
});

describe('many triggers in one tick', () => {
  it('fill in batches; one order its balance cannot cover is cancelled alone and the others fill', async () => {
    const others = [];
    for (let i = 0; i < 20; i += 1) {
      others.push(await place(t.app, member.headers, order({ type: 'stop', stopPrice: '101', quantity: 1 })));
    }
    // 1 x 101 x 1.05 + 1.50 fee = 107.55 frozen: the whole balance of this member.
    const short = await createMember(t.app);
    await credit(t.app, short.user.id, 'USD', '107.55');
    const alone = await place(t.app, short.headers, order({ type: 'stop', stopPrice: '101', quantity: 1 }));
    expect(await balanceOf(t.app, short.headers, 'USD')).toEqual({ available: '0', frozen: '107.55' });

    await tick(t.app, 'AAPL', '120.00'); // a gap: every stop fills at the ask of 120.01
    for (const placed of others) {
      expect(await detail(t.app, member.headers, placed.id)).toMatchObject({ status: 'filled', fillPrice: '120.01' });
    }
    expect(await detail(t.app, short.headers, alone.id)).toMatchObject({ status: 'cancelled' });
    expect(await balanceOf(t.app, short.headers, 'USD')).toEqual({ available: '107.55', frozen: '0' });
  });
});

/** What a member's fills left behind, in the order of their orders, without ids and times. */
async function fillsOf(userId: number) {
  const db = t.app.db;
  const orders = await db.select().from(tradeOrders).where(eq(tradeOrders.userId, userId)).orderBy(asc(tradeOrders.id));
  const positions = await db
    .select()
    .from(tradePositions)
    .where(eq(tradePositions.userId, userId))
    .orderBy(asc(tradePositions.orderId));
  const lines = await db
    .select({
      kind: journalEntries.kind,
      account: journalLines.account,
      amount: journalLines.amount,
      after: journalLines.balanceAfter,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(and(eq(journalEntries.userId, userId), eq(journalEntries.kind, 'trade_open')))
    .orderBy(asc(journalLines.id));
  const sent = await db
    .select({ kind: notices.kind, params: notices.params, reference: notices.reference })
    .from(notices)
    .where(and(eq(notices.userId, userId), eq(notices.kind, 'orderFilled')))
    .orderBy(asc(notices.id));
  // A notice names its order: compared by the order's place among the member's orders.
  const orderAt = new Map(orders.map((row, index) => [`order:${row.id}`, index]));
  return {
    orders: orders.map(({ status, fillPrice, fee, fillReason, frozen }) => ({
      status,
      fillPrice,
      fee,
      fillReason,
      frozen,
    })),
    positions: positions.map(({ quantity, openPrice, openFee, stopLoss, takeProfit, status, direction, lotSize }) => ({
      quantity,
      openPrice,
      openFee,
      stopLoss,
      takeProfit,
      status,
      direction,
      lotSize,
    })),
    lines,
    notices: sent.map(({ reference, ...notice }) => ({ ...notice, order: orderAt.get(reference ?? '') })),
  };
}

describe('a batch of fills in one tick', () => {
  it('writes what filling each order alone writes: orders, positions, entries with their balances, notices', async () => {
    const batched = await createMember(t.app);
    const alone = await createMember(t.app);
    for (const who of [batched, alone]) await credit(t.app, who.user.id, 'USD', '100000');
    // A VIP level with a discount, so the fee of each fill is the member's own.
    await t.app.db
      .update(users)
      .set({ vipLevel: 2 })
      .where(inArray(users.id, [batched.user.id, alone.user.id]));
    const orders = [
      { quantity: 1, limitPrice: '99.50' },
      { quantity: 3, limitPrice: '99.80', stopLoss: '90' },
      { quantity: 150, limitPrice: '99.10', takeProfit: '120' },
      { quantity: 2, limitPrice: '99.95' },
      { quantity: 7, limitPrice: '99.50', stopLoss: '95', takeProfit: '110' },
    ];
    for (const who of [batched, alone]) {
      for (const extra of orders) await place(t.app, who.headers, order({ type: 'limit', ...extra }));
    }

    // The per-fill rule: each of one member's orders filled by `fill`, each in its own transaction.
    const instrument = t.app.market.instrument('AAPL');
    if (!instrument) throw new Error('no AAPL');
    const pending = await t.app.db
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.userId, alone.user.id))
      .orderBy(asc(tradeOrders.id));
    for (const row of pending) {
      const reason = {
        key: fillReasons.limitReached,
        params: { limit: new Money(row.limitPrice ?? 0).toFixed(2), price: '99.01', side: 'ask' },
      };
      const result = await new Ledger(t.app.db).transaction((book) =>
        fill(t.app.trade.service, book, row, instrument, new Money('99.01'), reason, t.app.trade.service.now()),
      );
      t.app.trade.service.notify(result.order, result.position);
    }
    // The other member's orders cross in one tick: at 99.00 every one fills at the ask of 99.01,
    // all in one batch (the batch's statement, not the fallback that fills each order alone).
    const batchedBefore = t.app.trade.engine.stats.batched;
    const announced: number[] = [];
    const stop = t.app.bus.on('notice', (event) => {
      if (event.userId === batched.user.id) announced.push(event.id);
    });
    await tick(t.app, 'AAPL', '99.00');
    stop();
    expect(t.app.trade.engine.stats.batched - batchedBefore).toBe(orders.length);
    // Each fill's notice is announced under the id it was written with.
    const written = await t.app.db
      .select({ id: notices.id })
      .from(notices)
      .where(and(eq(notices.userId, batched.user.id), eq(notices.kind, 'orderFilled')));
    expect(announced.sort((a, b) => a - b)).toEqual(written.map(({ id }) => id).sort((a, b) => a - b));

    const expected = await fillsOf(alone.user.id);
    expect(expected.orders.every((row) => row.status === 'filled')).toBe(true);
    expect(expected.lines).toHaveLength(orders.length * 4);
    expect(await fillsOf(batched.user.id)).toEqual(expected);
    expect(await balanceOf(t.app, batched.headers, 'USD')).toEqual(await balanceOf(t.app, alone.headers, 'USD'));
  });

  it('fills the others; of a member whose balance cannot cover them, only the fill it cannot cover is cancelled', async () => {
    // 1 x 101 x 1.05 + 1.50 fee = 107.55 frozen per stop; at the gap to 120.01 a fill takes 121.51,
    // 13.96 more than its frozen funds: 20 available cover the first fill, not the second.
    const short = await createMember(t.app);
    await credit(t.app, short.user.id, 'USD', '235.10');
    const first = await place(t.app, short.headers, order({ type: 'stop', stopPrice: '101', quantity: 1 }));
    const second = await place(t.app, short.headers, order({ type: 'stop', stopPrice: '101', quantity: 1 }));
    expect(await balanceOf(t.app, short.headers, 'USD')).toEqual({ available: '20', frozen: '215.1' });
    // Another member's stops share the short member's batch (sorted by member, the short one first).
    const other = await createMember(t.app);
    await credit(t.app, other.user.id, 'USD', '10000');
    const others = [];
    for (let i = 0; i < 18; i += 1) {
      others.push(await place(t.app, other.headers, order({ type: 'stop', stopPrice: '101', quantity: 1 })));
    }

    const batchedBefore = t.app.trade.engine.stats.batched;
    await tick(t.app, 'AAPL', '120.00');
    // The other member's 18 fills ran again as a batch once the short member was taken out.
    expect(t.app.trade.engine.stats.batched - batchedBefore).toBe(18);
    expect(await detail(t.app, short.headers, first.id)).toMatchObject({ status: 'filled', fillPrice: '120.01' });
    expect(await detail(t.app, short.headers, second.id)).toMatchObject({ status: 'cancelled' });
    expect(await balanceOf(t.app, short.headers, 'USD')).toEqual({ available: '113.59', frozen: '0' });
    for (const placed of others) {
      expect(await detail(t.app, other.headers, placed.id)).toMatchObject({ status: 'filled', fillPrice: '120.01' });
    }
    expect(await balanceOf(t.app, other.headers, 'USD')).toEqual({
      available: moneyString(new Money(10000).sub(new Money('121.51').mul(18))),
      frozen: '0',
    });
  });
});
