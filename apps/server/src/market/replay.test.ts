import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helper.ts';
import { credit, detail, place } from '../test/trade-kit.ts';
import { balanceOf, createMember } from '../test/wallet.ts';
import { ReplayFeed } from './replay.ts';

// fixtures/session.ndjson: 42 Alpaca stream messages, a quote then a trade, for AAPL, MSFT and
// NVDA over 21 recorded seconds. AAPL runs 190.00 -> 191.00 -> 190.40, MSFT dips from 510.00 to
// 508.50 and ends at 510.20, NVDA runs 182.00 -> 184.00 -> 182.50.
const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'session.ndjson');
// Tuesday 10:00 in New York (in session). The clock stands still: every message plays at it.
const now = Date.parse('2026-11-17T15:00:00Z');

/** Resolves true when `promise` has already settled, false when it is still waiting. */
const settled = (promise: Promise<void>) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setImmediate(() => resolve(false)))]);

/**
 * One app on the recording: once a pass has played (the replay loops after a second's pause),
 * the same orders are placed; the next pass plays through them. Answers what each order became.
 */
async function session() {
  const t = await createTestApp(
    { marketEngine: 'on', feeds: { replay: { file, speed: 1000 }, staleSeconds: 2 } },
    {
      market: { clock: () => now, autoStart: false, history: { dailyDays: 1, minuteDays: 0 } },
      jobs: { autoStart: false, clock: () => now },
    },
  );
  try {
    const replay = t.app.market.sources.find((feed) => feed instanceof ReplayFeed);
    if (!replay) throw new Error('no replay feed');
    expect(t.app.market.feeds().find((feed) => feed.market === 'US')).toMatchObject({
      source: 'replay',
      state: 'connected',
    });
    // The pause after the newest pass that has played (a slow start may have seen a few).
    let passes = 1;
    await replay.played(passes);
    while (await settled(replay.played(passes + 1))) passes += 1;

    const member = await createMember(t.app);
    await credit(t.app, member.user.id, 'USD', '100000');
    const quote = (symbol: string) => t.app.market.getQuotes([symbol])[0];
    expect([quote('AAPL'), quote('MSFT'), quote('NVDA')]).toMatchObject([
      { price: '190.40', bid: '190.38', ask: '190.42', stale: false },
      { price: '510.20', bid: '510.18', ask: '510.22' },
      { price: '182.50', bid: '182.49', ask: '182.51' },
    ]);
    const orders = [
      await place(t.app, member.headers, { symbol: 'AAPL', type: 'market', direction: 'buy', quantity: 10 }),
      await place(t.app, member.headers, {
        symbol: 'MSFT',
        type: 'limit',
        direction: 'buy',
        quantity: 5,
        limitPrice: '509.00',
      }),
      await place(t.app, member.headers, {
        symbol: 'NVDA',
        type: 'stop',
        direction: 'buy',
        quantity: 10,
        stopPrice: '183.50',
      }),
      await place(t.app, member.headers, {
        symbol: 'AAPL',
        type: 'limit',
        direction: 'sell',
        quantity: 5,
        limitPrice: '190.90',
      }),
    ];
    expect(orders.map((order) => order.status)).toEqual(['filled', 'pending', 'pending', 'pending']);
    await replay.played(passes + 1);
    await t.app.trade.engine.idle();
    const fills = [];
    for (const order of orders) {
      const { symbol, type, direction, quantity, status, fillPrice, fee, fillReason } = await detail(
        t.app,
        member.headers,
        order.id,
      );
      fills.push({ symbol, type, direction, quantity, status, fillPrice, fee, reason: fillReason?.text });
    }
    return { fills, balance: await balanceOf(t.app, member.headers, 'USD') };
  } finally {
    await t.close();
  }
}

describe('a replayed session', () => {
  it('gives the same fills every time it is played', async () => {
    const first = await session();
    expect(first.fills).toEqual([
      {
        symbol: 'AAPL',
        type: 'market',
        direction: 'buy',
        quantity: 10,
        status: 'filled',
        fillPrice: '190.42',
        fee: '1.5',
        reason: 'Market order filled at 190.42 (ask)',
      },
      {
        symbol: 'MSFT',
        type: 'limit',
        direction: 'buy',
        quantity: 5,
        status: 'filled',
        fillPrice: '508.92',
        fee: '1.78', // 0.05 % of 2,544.60 rounded up, and 0.50
        reason: 'Limit 509.00 reached: filled at 508.92 (ask)',
      },
      {
        symbol: 'NVDA',
        type: 'stop',
        direction: 'buy',
        quantity: 10,
        status: 'filled',
        fillPrice: '183.62',
        fee: '1.5',
        reason: 'Stop 183.50 triggered at 183.60, gap: filled at 183.62 (ask)',
      },
      {
        symbol: 'AAPL',
        type: 'limit',
        direction: 'sell',
        quantity: 5,
        status: 'filled',
        fillPrice: '190.93',
        fee: '1.5',
        reason: 'Limit 190.90 reached: filled at 190.93 (bid)',
      },
    ]);
    const second = await session();
    expect(second).toEqual(first);
  }, 120_000); // two app starts
});
