import { fillReasons, ipoSubscriptionStatuses } from '@soar/contract';
import { and, asc, eq, gt, isNotNull, isNull, lte, min } from 'drizzle-orm';
import { localTime } from '../../core/time.ts';
import type { Database } from '../../db/client.ts';
import { candles, instruments, ipoOffers, ipoSubscriptions, markets } from '../../db/schema/index.ts';
import type { Job } from '../../jobs/runner.ts';
import { moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { formatPrice, type Instrument, type QuoteState, roundToTick } from '../../market/instrument.ts';
import type { QuoteProvider } from '../../market/provider.ts';
import { hashSeed, Random } from '../../market/random.ts';
import { loadInstruments } from '../../market/store.ts';
import type { Ledger } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';
import type { PositionRow, TradeService } from '../trade/index.ts';
import { openDelivered } from '../trade/index.ts';
import { issuePrice } from './views.ts';

export type ListingDeps = {
  db: Database;
  ledger: Ledger;
  market: QuoteProvider;
  trade: TradeService;
  /** The simulator's seed (SIMULATOR_SEED): it also draws each listing's first-day move. */
  seed: number;
};

/** A new listing trades like a young stock: volatile, pulled toward its first-day price. */
const listingVolatility = '0.6';

/**
 * The first trade's move from the issue price (docs/ipo.md, Listing): drawn from the simulator's
 * seed and the symbol, so the same seed lists the same offer at the same price. A normal move of
 * mean +10 % and deviation 20 %, kept between -30 % and +100 %.
 */
export function firstDayMove(seed: number, symbol: string): number {
  const random = new Random(hashSeed(seed, `listing:${symbol}`));
  return Math.min(1, Math.max(-0.3, 0.1 + 0.2 * random.gaussian()));
}

export type Listed = { instrument: Instrument; state: QuoteState; positions: PositionRow[] };

/**
 * Lists an allotted offer in ONE transaction (docs/ipo.md, Listing): the offer row is locked first
 * and a listed offer answers `undefined`, so a second or concurrent run moves nothing. The
 * instrument is inserted with its listing day's bar (opening at the issue price, last at the
 * first-day move); each allotment becomes a long position at the issue price, its cost moving
 * from `ipo_escrow` to `trading` (`ipo_list`), its subscription status 3 listed, its member
 * notified. After the commit the instrument joins this node's market.
 */
export async function listOffer(deps: ListingDeps, offerId: number, now: Date): Promise<Listed | undefined> {
  const listed = await deps.ledger.transaction(async (book): Promise<Listed | undefined> => {
    const [offer] = await book.tx.select().from(ipoOffers).where(eq(ipoOffers.id, offerId)).for('update');
    if (!offer) throw new AppError('IPO_NOT_FOUND');
    if (offer.listedAt) return undefined;
    const price = issuePrice(offer);
    if (!offer.allottedAt || !price) throw new Error(`offer ${offerId} is not allotted`);
    const [market] = await book.tx.select().from(markets).where(eq(markets.code, offer.market));
    if (!market) throw new Error(`offer ${offerId}: unknown market ${offer.market}`);
    // The listed stock's own grid: its table may depend on its volume (Xetra's liquidity bands).
    const tickGrid = { kind: 'stock' as const, market: offer.market, averageVolume: offer.sharesOffered };
    const open = roundToTick(tickGrid, price.toNumber());
    const first = roundToTick(tickGrid, open * (1 + firstDayMove(deps.seed, offer.symbol)));
    const [row] = await book.tx
      .insert(instruments)
      .values({
        symbol: offer.symbol,
        kind: 'stock',
        marketId: market.id,
        name: offer.name,
        lotSize: offer.lotSize,
        currency: offer.currency,
        timezone: market.timezone,
        sessions: market.sessions,
        referencePrice: formatPrice(tickGrid, first),
        volatility: listingVolatility,
        averageVolume: offer.sharesOffered,
        listedAt: now,
      })
      .returning({ id: instruments.id });
    if (!row) throw new Error('insert returned no instrument');
    const day = localTime(now, market.timezone).date;
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const bar = { open, high: Math.max(open, first), low: Math.min(open, first), close: first };
    const px = (value: number) => formatPrice(tickGrid, value);
    await book.tx.insert(candles).values({
      instrumentId: row.id,
      interval: '1d',
      time: new Date(Date.UTC(y, m - 1, d)),
      open: px(bar.open),
      high: px(bar.high),
      low: px(bar.low),
      close: px(bar.close),
      volume: 0,
    });
    const [instrument] = await loadInstruments(book.tx, offer.symbol);
    if (!instrument) throw new Error('no listed instrument');

    const allotments = await book.tx
      .select()
      .from(ipoSubscriptions)
      .where(
        and(
          eq(ipoSubscriptions.offerId, offerId),
          isNull(ipoSubscriptions.cancelledAt),
          eq(ipoSubscriptions.status, ipoSubscriptionStatuses.allotted),
        ),
      )
      .orderBy(asc(ipoSubscriptions.userId), asc(ipoSubscriptions.id))
      .for('update');
    const positions: PositionRow[] = [];
    for (const allotment of allotments) {
      const quantity = (allotment.allottedLots ?? 0) * offer.lotSize;
      if (quantity === 0) continue;
      const reference = `ipo:${allotment.id}`;
      const { position } = await openDelivered(book, {
        userId: allotment.userId,
        instrument,
        quantity,
        price,
        fillReason: { key: fillReasons.ipoListed, params: { price: moneyString(price), symbol: offer.symbol } },
        funding: { kind: 'ipo_list', reference, from: 'ipo_escrow' },
        now,
      });
      positions.push(position);
      await book.tx
        .update(ipoSubscriptions)
        .set({ status: ipoSubscriptionStatuses.listed, updatedAt: now })
        .where(eq(ipoSubscriptions.id, allotment.id));
      await sendNotice(book, {
        userId: allotment.userId,
        kind: 'ipoListed',
        params: {
          symbol: offer.symbol,
          name: offer.name,
          quantity,
          price: moneyString(price),
          currency: offer.currency,
        },
        reference,
      });
    }
    await book.tx.update(ipoOffers).set({ listedAt: now }).where(eq(ipoOffers.id, offerId));
    const state: QuoteState = { price: first, ...bar, prevClose: open, volume: 0, day, time: now.getTime() };
    return { instrument, state, positions };
  });
  if (listed) {
    deps.market.list(listed.instrument, listed.state);
    for (const position of listed.positions) deps.trade.listener?.positionChanged(position);
  }
  return listed;
}

export const ipoListJobName = 'ipo.list';

/** Offers due to list: allotted, not listed, past their listing time. */
async function dueOffers(db: Database, now: Date) {
  return db
    .select({ id: ipoOffers.id })
    .from(ipoOffers)
    .where(and(isNull(ipoOffers.listedAt), isNotNull(ipoOffers.allottedAt), lte(ipoOffers.listingTime, now)))
    .orderBy(asc(ipoOffers.listingTime), asc(ipoOffers.id));
}

/**
 * The next listing the job will run: an allotted offer due now, else the earliest listing time
 * still ahead of an offer not listed (it lists then once allotted).
 */
async function nextListing(db: Database, now: Date): Promise<Date | undefined> {
  if ((await dueOffers(db, now)).length > 0) return now;
  const [row] = await db
    .select({ at: min(ipoOffers.listingTime) })
    .from(ipoOffers)
    .where(and(isNull(ipoOffers.listedAt), gt(ipoOffers.listingTime, now)));
  return row?.at ?? undefined;
}

/**
 * `ipo.list`: one period per offer (`ipo:7`), due at its listing time once allotted. An offer
 * listed between the look and the run counts as done with nothing handled.
 */
export function ipoListJob(deps: ListingDeps): Job {
  return {
    name: ipoListJobName,
    async periods(now) {
      return (await dueOffers(deps.db, now)).map((offer) => `ipo:${offer.id}`);
    },
    next: (now) => nextListing(deps.db, now),
    async run({ now, period }) {
      const listed = await listOffer(deps, Number(period.slice('ipo:'.length)), now);
      return listed ? listed.positions.length : 0;
    },
  };
}
