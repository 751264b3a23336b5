import { fillReasons, orderStatuses, orderTypes, waitingFor } from '@soar/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { tradeFeeSchedules, tradeOrders, users } from '../db/schema/index.ts';
import type { Money } from '../lib/decimal.ts';
import { formatPrice, type Instrument, roundToTick } from '../market/instrument.ts';
import { Ledger } from '../modules/ledger/index.ts';
import type { TradeService } from '../modules/trade/index.ts';
import { fill, fillSide, formatPx, place, priceOn } from '../modules/trade/index.ts';
import { demoMember } from './member.ts';

/**
 * The fee schedule per market (docs/trading.md, Fees): commission rate, minimum, platform fee per
 * order, and the commission discount per VIP level. Inserted once; operators edit it after.
 */
const vipDiscounts = [
  { level: 1, discount: '0.1' },
  { level: 2, discount: '0.2' },
  { level: 3, discount: '0.3' },
  { level: 4, discount: '0.4' },
  { level: 5, discount: '0.5' },
];

export const feeSchedules = [
  { market: 'US', currency: 'USD', rate: '0.0005', minimum: '1', platformFee: '0.5', vipDiscounts },
  { market: 'HK', currency: 'HKD', rate: '0.0008', minimum: '10', platformFee: '5', vipDiscounts },
  { market: 'JP', currency: 'JPY', rate: '0.0006', minimum: '100', platformFee: '50', vipDiscounts },
  { market: 'EU', currency: 'EUR', rate: '0.0006', minimum: '1', platformFee: '0.5', vipDiscounts },
];

export async function seedTradeFees(db: Database): Promise<void> {
  await db.insert(tradeFeeSchedules).values(feeSchedules).onConflictDoNothing();
}

/**
 * The demo member's trading money in the markets the wallet's demo funding does not cover, and
 * USD beyond it: the US positions and the IPO allotments must fit whatever prices the simulator
 * draws at the first start.
 */
const demoTradeFunding = [
  { currency: 'USD', amount: '10000' },
  { currency: 'HKD', amount: '200000' },
  { currency: 'JPY', amount: '3000000' },
];

/** Open positions on every market, one with stop loss and take profit, and a short. */
const demoPositions = [
  { symbol: 'AAPL', direction: 'buy', quantity: 20, protect: true },
  { symbol: 'TSLA', direction: 'sell', quantity: 5, protect: false },
  { symbol: '0700.HK', direction: 'buy', quantity: 100, protect: false },
  { symbol: '7203.T', direction: 'buy', quantity: 200, protect: false },
  { symbol: 'SAP.DE', direction: 'buy', quantity: 10, protect: false },
] as const;

/**
 * Development only, once: the demo member holds a few positions bought at the live price and a
 * limit order waiting 5 % below it, so a fresh start shows the whole life cycle (docs/trading.md).
 * Runs after the market engine has prices; money moves through the trading service itself.
 */
export async function seedTradeDemo(db: Database, config: Config, trade: TradeService): Promise<void> {
  if (config.env !== 'development') return;
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.mail, demoMember.mail));
  if (!demo) return;
  const userId = demo.id;
  const [existing] = await db.select({ id: tradeOrders.id }).from(tradeOrders).where(eq(tradeOrders.userId, userId));
  if (existing) return;
  const ledger = new Ledger(db);
  await ledger.transaction(
    (book) =>
      book.post(
        { kind: 'demo_funding', reference: `trade:user:${userId}`, userId },
        demoTradeFunding.flatMap(({ currency, amount }) => [
          { platform: 'demo_funding' as const, currency, amount: `-${amount}` },
          { userId, bucket: 'available' as const, currency, amount },
        ]),
      ),
    { owner: 'system', key: `demo-trade-funding:${userId}`, requestHash: 'demo-trade-funding' },
  );
  const now = trade.now();
  for (const pick of demoPositions) {
    const instrument = trade.instrument(pick.symbol);
    const quoted = trade.quoted(instrument);
    const side = fillSide(pick.direction);
    const price = priceOn(side, quoted);
    const protect = pick.protect
      ? {
          // On the tick grid, as every price an order names must be (docs/trading.md).
          stopLoss: onGrid(instrument, price.mul('0.9')),
          takeProfit: onGrid(instrument, price.mul('1.15')),
        }
      : {};
    const result = await ledger.transaction(async (book) => {
      const [order] = await book.tx
        .insert(tradeOrders)
        .values({
          userId,
          symbol: instrument.symbol,
          market: instrument.market,
          currency: instrument.currency,
          type: orderTypes.market,
          direction: pick.direction,
          quantity: pick.quantity,
          timeInForce: 'gtc',
          status: orderStatuses.pending,
          waitingFor: waitingFor.price,
          createdAt: now,
          ...protect,
        })
        .returning();
      if (!order) throw new Error('insert returned no order');
      return fill(
        trade,
        book,
        order,
        instrument,
        price,
        { key: fillReasons.market, params: { price: formatPx(instrument, price), side } },
        now,
      );
    });
    trade.notify(result.order, result.position);
  }
  const apple = trade.instrument('AAPL');
  const limit = formatPx(apple, trade.quoted(apple).last.mul('0.95'));
  await place(
    trade,
    userId,
    { symbol: 'AAPL', type: 'limit', direction: 'buy', quantity: 10, limitPrice: limit },
    'en',
  );
}

const onGrid = (instrument: Instrument, price: Money) =>
  formatPrice(instrument, roundToTick(instrument, price.toNumber()));
