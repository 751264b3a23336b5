import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tradeOrders } from '../../db/schema/index.ts';
import { moneyString } from '../../lib/decimal.ts';
import type { TestApp } from '../../test/helper.ts';
import { balanceOf, createMember, expectLedgerVerified, type Headers } from '../../test/wallet.ts';
import { createTradeApp, credit, detail, place, tick } from './test-kit.ts';

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
