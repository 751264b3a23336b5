import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { ipoOffers, users } from '../db/schema/index.ts';
import { allotOffer, IpoService, newSeed, seedHash } from '../modules/ipo/index.ts';
import { Ledger } from '../modules/ledger/index.ts';
import { demoMember } from './member.ts';

const dayMs = 24 * 60 * 60 * 1000;

type DemoOffer = {
  code: string;
  symbol: string;
  name: string;
  description: string;
  /** The description in the other languages; the rest read English (marked so). */
  translations?: Record<string, { description: string }>;
  priceMin: string;
  priceMax: string;
  /** Days from the first start of each step: negative is in the past. */
  days: { start: number; end: number; allotment: number; listing: number };
  /** The demo member's lots, subscribed inside the window; the allotment run when it is past. */
  demoLots?: number;
};

/** One offer in each state of the life cycle (docs/ipo.md, Demo data). */
const demoOffers: DemoOffer[] = [
  {
    code: 'demo-ipo-open',
    symbol: 'NOVA',
    name: 'Nova Robotics',
    description:
      'Warehouse robots and the software that runs them. Price range offer: the final price is set at pricing.',
    translations: {
      de: {
        description:
          'Lagerroboter und die Software, die sie steuert. Angebot mit Preisspanne: Der endgültige Preis wird bei der Preisfestsetzung bestimmt.',
      },
      es: {
        description:
          'Robots de almacén y el software que los dirige. Oferta con rango de precios: el precio final se fija en la valoración.',
      },
      fr: {
        description:
          'Des robots d’entrepôt et le logiciel qui les pilote. Offre à fourchette de prix : le prix final est fixé lors de la tarification.',
      },
      it: {
        description:
          'Robot per magazzini e il software che li gestisce. Offerta con forchetta di prezzo: il prezzo finale è fissato al pricing.',
      },
      ja: {
        description: '倉庫ロボットとそれを動かすソフトウェア。価格帯方式の募集で、最終価格は価格決定時に決まります。',
      },
      'zh-CN': { description: '仓储机器人及驱动它们的软件。区间定价发行：最终价格在定价时确定。' },
    },
    priceMin: '18',
    priceMax: '21',
    days: { start: -2, end: 5, allotment: 6, listing: 8 },
  },
  {
    code: 'demo-ipo-closed',
    symbol: 'HELI',
    name: 'Helios Grid',
    description: 'Utility-scale solar storage. Fixed-price offer; the window has closed and the lottery runs soon.',
    priceMin: '24',
    priceMax: '24',
    days: { start: -10, end: -1, allotment: 1, listing: 3 },
    demoLots: 2,
  },
  {
    code: 'demo-ipo-allotted',
    symbol: 'QBIT',
    name: 'Qubit Labs',
    description: 'Quantum computing cloud. Allotted: the seed is revealed and the shares list tomorrow.',
    priceMin: '15',
    priceMax: '15',
    days: { start: -14, end: -6, allotment: -5, listing: 1 },
    demoLots: 3,
  },
  {
    code: 'demo-ipo-listed',
    symbol: 'ORCA',
    name: 'Orca Biosciences',
    description: 'Marine-derived medicines. Listed: it trades, and its allotments are positions.',
    priceMin: '30',
    priceMax: '30',
    days: { start: -30, end: -22, allotment: -21, listing: -18 },
    // One lot: the demo member's USD also pays for the trading demo's positions (seed/trade.ts).
    demoLots: 1,
  },
];

/**
 * Demo IPOs outside production, placed relative to the first start so a new user sees every
 * state at once; the demo member's applications go through the same freeze and allotment as
 * anyone's, and an offer past its listing time is listed by the `ipo.list` job's first pass, like
 * any other. Inserts what is missing and never overwrites operator edits.
 */
export async function seedIpo(db: Database, config: Config): Promise<void> {
  if (config.env !== 'development') return;
  const now = Date.now();
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.mail, demoMember.mail));
  let time = now;
  // The ledger journals each application and allotment at its own time, as the history the demo tells.
  const ledger = new Ledger(db, undefined, () => time);
  for (const offer of demoOffers) {
    const at = (days: number) => new Date(now + days * dayMs);
    const seed = newSeed();
    const [inserted] = await db
      .insert(ipoOffers)
      .values({
        code: offer.code,
        symbol: offer.symbol,
        name: offer.name,
        market: 'US',
        currency: 'USD',
        description: offer.description,
        translations: offer.translations ?? {},
        lotSize: 100,
        minLots: 1,
        maxLots: 20,
        sharesOffered: 2_000_000,
        priceMin: offer.priceMin,
        priceMax: offer.priceMax,
        fee: '10',
        startTime: at(offer.days.start),
        endTime: at(offer.days.end),
        allotmentTime: at(offer.days.allotment),
        listingTime: at(offer.days.listing),
        seed,
        seedHash: seedHash(seed),
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) continue;
    if (demo && offer.demoLots) {
      const subscribedAt = now + (offer.days.start + 1) * dayMs;
      time = subscribedAt;
      const service = new IpoService({ db, ledger, clock: () => subscribedAt });
      await service.place(demo.id, inserted.id, offer.demoLots, {
        owner: 'system',
        key: `demo-ipo:${inserted.id}:${demo.id}`,
        requestHash: 'demo-ipo',
      });
    }
    if (offer.days.allotment < 0) {
      time = at(offer.days.allotment).getTime();
      await allotOffer(ledger, inserted.id, at(offer.days.allotment));
    }
  }
}
