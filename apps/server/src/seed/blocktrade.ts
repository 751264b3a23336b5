import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { blocktradeOffers } from '../db/schema/index.ts';

const dayMs = 24 * 60 * 60 * 1000;

type DemoOffer = {
  code: string;
  symbol: string;
  market: string;
  currency: string;
  price?: string;
  discount?: string;
  maxQuantity: number;
  /** Days from the first start: negative is in the past. */
  days: { opens: number; closes: number };
};

/** Open offers on every market (one at a fixed price), one scheduled and one closed (docs/blocktrade.md, Demo data). */
const demoOffers: DemoOffer[] = [
  {
    code: 'demo-block-msft',
    symbol: 'MSFT',
    market: 'US',
    currency: 'USD',
    discount: '0.03',
    maxQuantity: 300_000,
    days: { opens: -1, closes: 14 },
  },
  {
    code: 'demo-block-pfe',
    symbol: 'PFE',
    market: 'US',
    currency: 'USD',
    discount: '0.05',
    maxQuantity: 500_000,
    days: { opens: -2, closes: 10 },
  },
  {
    code: 'demo-block-0700',
    symbol: '0700.HK',
    market: 'HK',
    currency: 'HKD',
    discount: '0.05',
    maxQuantity: 500_000,
    days: { opens: -2, closes: 10 },
  },
  {
    code: 'demo-block-7203',
    symbol: '7203.T',
    market: 'JP',
    currency: 'JPY',
    discount: '0.04',
    maxQuantity: 1_000_000,
    days: { opens: -1, closes: 7 },
  },
  {
    code: 'demo-block-sap',
    symbol: 'SAP.DE',
    market: 'EU',
    currency: 'EUR',
    price: '228.00',
    maxQuantity: 100_000,
    days: { opens: -1, closes: 21 },
  },
  {
    code: 'demo-block-nvda',
    symbol: 'NVDA',
    market: 'US',
    currency: 'USD',
    discount: '0.02',
    maxQuantity: 200_000,
    days: { opens: 3, closes: 10 },
  },
  {
    code: 'demo-block-tsla',
    symbol: 'TSLA',
    market: 'US',
    currency: 'USD',
    discount: '0.04',
    maxQuantity: 150_000,
    days: { opens: -20, closes: -6 },
  },
];

/**
 * Demo block offers outside production, placed relative to the first start so a new member finds
 * offers open now; inserts what is missing and never overwrites operator edits.
 */
export async function seedBlocktrade(db: Database, config: Config): Promise<void> {
  if (config.env !== 'development') return;
  const now = Date.now();
  const at = (days: number) => new Date(now + days * dayMs);
  await db
    .insert(blocktradeOffers)
    .values(
      demoOffers.map((offer) => ({
        code: offer.code,
        symbol: offer.symbol,
        market: offer.market,
        currency: offer.currency,
        price: offer.price ?? null,
        discount: offer.discount ?? null,
        minQuantity: 10_000,
        maxQuantity: offer.maxQuantity,
        opensAt: at(offer.days.opens),
        closesAt: at(offer.days.closes),
      })),
    )
    .onConflictDoNothing();
}
