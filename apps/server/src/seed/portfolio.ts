import { closeReasons, fillReasons, orderStatuses, orderTypes, waitingFor } from '@soar/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { portfolioSnapshots, tradeOrders, users } from '../db/schema/index.ts';
import { utcDate } from '../jobs/schedules.ts';
import type { QuoteProvider } from '../market/provider.ts';
import { Ledger } from '../modules/ledger/index.ts';
import { type PriceSource, recordRates, storeSnapshot } from '../modules/portfolio/index.ts';
import { closeIn, fill, fillSide, formatPx, priceOn, sides, type TradeService } from '../modules/trade/index.ts';
import { demoMember } from './member.ts';
import { demoFundedDaysAgo } from './wallet.ts';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The demo member's trading before the first start, at each day's closing price of the computed
 * history: two lots of MSFT bought a month apart and 9 shares closed out of them (oldest position
 * first, so FIFO and average cost differ), and an NVDA short covered later.
 */
const pastTrades = [
  { daysAgo: 100, symbol: 'MSFT', direction: 'buy', quantity: 6 },
  { daysAgo: 70, symbol: 'MSFT', direction: 'buy', quantity: 6 },
  { daysAgo: 60, symbol: 'NVDA', direction: 'sell', quantity: 5 },
  { daysAgo: 40, symbol: 'MSFT', close: 9 },
  { daysAgo: 25, symbol: 'NVDA', close: 5 },
] as const;

type Deps = { db: Database; config: Config; trade: TradeService; market: QuoteProvider; sides: PriceSource['sides'] };

/** A UTC day's close of `symbol` (the newest daily bar on or before it). */
async function closeOf(market: QuoteProvider, symbol: string, at: number): Promise<string> {
  const bars = await market.getHistory(symbol, '1d', 400);
  const day = utcDate(at);
  const bar = bars.filter((item) => item.time.slice(0, 10) <= day).at(-1);
  if (!bar) throw new Error(`no close of ${symbol} on ${day}`);
  return bar.close;
}

async function tradeInThePast(deps: Deps, userId: number, now: number): Promise<void> {
  const opened = new Map<string, { id: number; quantity: number }[]>();
  for (const step of pastTrades) {
    const at = now - step.daysAgo * dayMs;
    const time = new Date(at);
    const ledger = new Ledger(deps.db, undefined, () => at);
    const instrument = deps.trade.instrument(step.symbol);
    const quoted = sides(instrument, await closeOf(deps.market, step.symbol, at));
    if ('close' in step) {
      let left: number = step.close;
      // The oldest position first, as a member closing them one after the other would.
      for (const position of opened.get(step.symbol) ?? []) {
        if (left === 0) break;
        await ledger.transaction(async (book) => {
          const result = await closeIn(deps.trade, book, position.id, {
            quantity: Math.min(left, position.quantity),
            reason: closeReasons.member,
            quoted,
            instrument,
            now: time,
            fillReason: (price, side) => ({
              key: fillReasons.closeMember,
              params: { price: formatPx(instrument, price), side },
            }),
          });
          if (result) left -= result.close.quantity;
        });
      }
      continue;
    }
    const side = fillSide(step.direction);
    const price = priceOn(side, quoted);
    const result = await ledger.transaction(async (book) => {
      const [order] = await book.tx
        .insert(tradeOrders)
        .values({
          userId,
          symbol: instrument.symbol,
          market: instrument.market,
          currency: instrument.currency,
          type: orderTypes.market,
          direction: step.direction,
          quantity: step.quantity,
          timeInForce: 'gtc',
          status: orderStatuses.pending,
          waitingFor: waitingFor.price,
          createdAt: time,
        })
        .returning();
      if (!order) throw new Error('insert returned no order');
      const reason = { key: fillReasons.market, params: { price: formatPx(instrument, price), side } };
      return fill(deps.trade, book, order, instrument, price, reason, time);
    });
    if (result.position) {
      const position = { id: result.position.id, quantity: result.position.quantity };
      opened.set(step.symbol, [...(opened.get(step.symbol) ?? []), position]);
    }
    deps.trade.notify(result.order, result.position);
  }
}

/**
 * Development only, once: the demo member's history before the first start (the trades above),
 * then a snapshot of every day since their money arrived, computed by the snapshot job's own code
 * from what the ledger and the trade records say of each day, at that day's closing prices
 * (docs/product.md, Performance). The monthly statement of the month before is the
 * `statement.month` job's, on its first pass.
 */
export async function seedPortfolioDemo(deps: Deps): Promise<void> {
  if (deps.config.env !== 'development') return;
  const [demo] = await deps.db.select({ id: users.id }).from(users).where(eq(users.mail, demoMember.mail));
  if (!demo) return;
  const [done] = await deps.db
    .select({ date: portfolioSnapshots.date })
    .from(portfolioSnapshots)
    .where(eq(portfolioSnapshots.userId, demo.id))
    .limit(1);
  if (done) return;
  const now = Date.now();
  await tradeInThePast(deps, demo.id, now);
  const source = { db: deps.db, quotes: deps.market, sides: deps.sides };
  for (let day = now - demoFundedDaysAgo * dayMs; day < now - dayMs + 1; day += dayMs) {
    const date = utcDate(day);
    if (date >= utcDate(now)) break;
    await recordRates(deps.db, date);
    await storeSnapshot(source, demo.id, date, new Date(now));
  }
}
