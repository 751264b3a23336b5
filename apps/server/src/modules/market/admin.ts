import type { AdminInstrument } from '@soar/contract';
import { and, asc, count, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { recordAudit } from '../../core/audit.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { instruments, markets } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { Actor } from '../../lib/route.ts';
import type { QuoteProvider } from '../../market/provider.ts';
import { assertMarket } from './service.ts';

type Who = Pick<Actor, 'operatorId' | 'ip'>;
type InstrumentRow = Pick<
  typeof instruments.$inferSelect,
  'id' | 'symbol' | 'name' | 'kind' | 'currency' | 'lotSize' | 'suspendedAt' | 'suspendReason'
> & { market: string | null };

const columns = {
  id: instruments.id,
  symbol: instruments.symbol,
  name: instruments.name,
  kind: instruments.kind,
  currency: instruments.currency,
  lotSize: instruments.lotSize,
  suspendedAt: instruments.suspendedAt,
  suspendReason: instruments.suspendReason,
  market: markets.code,
};

/**
 * Refuses an order on an instrument whose trading an operator suspended (docs/admin.md,
 * Instruments). Read from the database inside the caller's transaction, so every node agrees.
 */
export async function assertTradable(db: Database | Transaction, symbol: string): Promise<void> {
  const [row] = await db
    .select({ suspendedAt: instruments.suspendedAt })
    .from(instruments)
    .where(eq(instruments.symbol, symbol));
  if (row?.suspendedAt) throw new AppError('INSTRUMENT_SUSPENDED', undefined, { symbol });
}

/** Operators: the instrument list with live prices, and trading suspension, audited. */
export class InstrumentAdmin {
  constructor(
    private readonly db: Database,
    private readonly engine: QuoteProvider,
  ) {}

  private view(row: InstrumentRow): AdminInstrument {
    const live = this.engine.instrument(row.symbol);
    const quote = live ? this.engine.quote(live) : undefined;
    return {
      id: row.id,
      symbol: row.symbol,
      name: row.name,
      kind: row.kind,
      market: row.kind === 'stock' ? row.market : null,
      currency: row.currency,
      lotSize: row.lotSize,
      price: quote?.price ?? '0',
      changePercent: quote?.changePercent ?? '0',
      suspended: row.suspendedAt !== null,
      suspendedAt: row.suspendedAt?.toISOString() ?? null,
      suspendReason: row.suspendReason,
    };
  }

  async list(
    query: PageQuery & {
      q?: string;
      market?: string;
      kind?: 'stock' | 'index';
      suspended?: 'true' | 'false';
    },
  ) {
    const filters: (SQL | undefined)[] = [];
    if (query.q) {
      const pattern = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      filters.push(or(ilike(instruments.symbol, pattern), ilike(instruments.name, pattern)));
    }
    if (query.market) {
      assertMarket(this.engine, query.market);
      filters.push(eq(markets.code, query.market));
    }
    if (query.kind) filters.push(eq(instruments.kind, query.kind));
    if (query.suspended === 'true') filters.push(isNotNull(instruments.suspendedAt));
    if (query.suspended === 'false') filters.push(isNull(instruments.suspendedAt));
    const where = and(...filters);
    return paginate(
      query,
      this.db
        .select(columns)
        .from(instruments)
        .leftJoin(markets, eq(markets.id, instruments.marketId))
        .where(where)
        .orderBy(asc(instruments.kind), asc(instruments.symbol))
        .$dynamic(),
      this.db
        .select({ total: count() })
        .from(instruments)
        .leftJoin(markets, eq(markets.id, instruments.marketId))
        .where(where),
      (row) => this.view(row),
    );
  }

  /** Suspends (with a reason) or resumes; the row is locked, a repeat changes nothing. */
  async setSuspended(actor: Who, id: number, reason: string | null) {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: instruments.id })
        .from(instruments)
        .where(eq(instruments.id, id))
        .for('update');
      if (!locked) throw new AppError('INSTRUMENT_NOT_FOUND');
      const read = async () => {
        const [row] = await tx
          .select(columns)
          .from(instruments)
          .leftJoin(markets, eq(markets.id, instruments.marketId))
          .where(eq(instruments.id, id));
        if (!row) throw new AppError('INSTRUMENT_NOT_FOUND');
        return row;
      };
      const before = await read();
      const suspend = reason !== null;
      if (suspend === (before.suspendedAt !== null)) return this.view(before);
      await tx
        .update(instruments)
        .set(suspend ? { suspendedAt: new Date(), suspendReason: reason } : { suspendedAt: null, suspendReason: null })
        .where(eq(instruments.id, id));
      const after = await read();
      const audit = (row: InstrumentRow) => ({
        symbol: row.symbol,
        suspended: row.suspendedAt !== null,
        suspendedAt: row.suspendedAt?.toISOString() ?? null,
        suspendReason: row.suspendReason,
      });
      await recordAudit(tx, {
        ...actor,
        action: suspend ? 'instrument.suspend' : 'instrument.resume',
        entity: 'instrument',
        entityId: id,
        before: audit(before),
        after: audit(after),
      });
      return this.view(after);
    });
  }
}
