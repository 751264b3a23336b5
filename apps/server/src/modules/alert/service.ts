import {
  type AlertCreateBody,
  type AlertKind,
  type AlertUpdateBody,
  type AlertView,
  alertCooldown,
  alertStatuses,
  maxActiveAlerts,
  positionStatuses,
  valuelessAlertKinds,
} from '@soar/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { currencyRates } from '../../core/currency.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { alertEvents, alerts, tradePositions, users } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { priceUnits } from '../../lib/level-book.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { Instrument } from '../../market/instrument.ts';
import type { QuoteProvider } from '../../market/provider.ts';
import type { PositionRow } from '../trade/index.ts';
import { type AlertRow, alertLevel, type Basis, priceOfUnits, reached, targetOf, type Watch } from './levels.ts';

/** What an alert needs of the market: quotes and the year's bars (the 52-week range). */
export type AlertDeps = { db: Database; market: QuoteProvider; clock: () => number };

/** The range of each kind's value; money of a position's currency keeps the currency's decimals. */
const valueRanges: Record<AlertKind, { min: string; max: string; decimals: number } | undefined> = {
  priceAbove: { min: '0.00000001', max: '999999999999', decimals: 8 },
  priceBelow: { min: '0.00000001', max: '999999999999', decimals: 8 },
  changeUp: { min: '0.01', max: '1000', decimals: 2 },
  changeDown: { min: '0.01', max: '99.99', decimals: 2 },
  high52: undefined,
  low52: undefined,
  positionPnlPercent: { min: '-1000', max: '1000', decimals: 2 },
  positionPnlAmount: { min: '-999999999999', max: '999999999999', decimals: 2 },
  stopDistance: { min: '0.01', max: '50', decimals: 2 },
};

/** Signed values (P/L) may not be 0: "reaches 0" is no move at all. */
const signedKinds: readonly AlertKind[] = ['positionPnlPercent', 'positionPnlAmount'];

/** The highest high and lowest low of the last 52 weeks of daily bars, today's included. */
export async function yearRange(market: QuoteProvider, symbol: string): Promise<{ high52?: string; low52?: string }> {
  const bars = await market.getHistory(symbol, '1d', 262);
  if (bars.length === 0) return {};
  let high = new Money(bars[0]?.high ?? 0);
  let low = new Money(bars[0]?.low ?? 0);
  for (const bar of bars) {
    if (high.lt(bar.high)) high = new Money(bar.high);
    if (low.gt(bar.low)) low = new Money(bar.low);
  }
  return { high52: high.toFixed(), low52: low.toFixed() };
}

/** The price of a quote an alert watches, in book units. */
export function watchedPrice(market: QuoteProvider, instrument: Instrument, watch: Watch): string | undefined {
  const quote = market.quote(instrument);
  const price = watch === 'bid' ? quote.bid : watch === 'ask' ? quote.ask : quote.price;
  return price ?? quote.price;
}

/** Members' alerts (docs/product.md, Alerts): set, change, pause, delete, list, history. */
export class AlertService {
  /**
   * Told of every change a member makes, so the engine's book follows (on this node or through the
   * relay); the answer waits for an engine of this node to have filed it.
   */
  changed: (alertId: number) => Promise<void> | void = () => {};

  constructor(readonly deps: AlertDeps) {}

  async create(userId: number, body: AlertCreateBody): Promise<AlertView> {
    const { db } = this.deps;
    const position = 'positionId' in body ? await this.#openPosition(db, userId, body.positionId) : undefined;
    const symbol = position?.symbol ?? ('symbol' in body ? body.symbol : '');
    const instrument = this.#instrument(symbol);
    const value = 'value' in body ? body.value : null;
    await this.#checkValue(body.kind, value, position);
    const basis = await this.#basis(body.kind, instrument, position);
    this.#notMet(body.kind, value, basis, instrument);
    const row = await db.transaction(async (tx) => {
      // Two creates at once must not both pass the limit: the member's row is the lock.
      await tx.execute(sql`select id from ${users} where id = ${userId} for update`);
      const [active] = await tx
        .select({ total: count() })
        .from(alerts)
        .where(and(eq(alerts.userId, userId), eq(alerts.status, alertStatuses.active), isNull(alerts.deletedAt)));
      if ((active?.total ?? 0) >= maxActiveAlerts) {
        throw new AppError('ALERT_LIMIT', undefined, { max: maxActiveAlerts });
      }
      const [created] = await tx
        .insert(alerts)
        .values({
          userId,
          kind: body.kind,
          symbol: instrument.symbol,
          positionId: position?.id ?? null,
          value,
          repeat: body.repeat,
          cooldownMinutes: body.cooldownMinutes ?? alertCooldown.default,
          status: alertStatuses.active,
          refPrice: refOf(body.kind, basis),
        })
        .returning();
      if (!created) throw new Error('insert returned no alert');
      return created;
    });
    await this.changed(row.id);
    return this.view(row, position);
  }

  async update(userId: number, body: AlertUpdateBody): Promise<AlertView> {
    const { db } = this.deps;
    const current = await this.#own(db, userId, body.id);
    if (current.status === alertStatuses.ended && body.active !== true) {
      // An ended alert changes only to be armed again.
      throw new AppError('ALERT_NOT_FOUND');
    }
    const kind = current.kind as AlertKind;
    const value = body.value ?? current.value;
    const active = body.active ?? current.status !== alertStatuses.paused;
    const position = current.positionId ? await this.#openPosition(db, userId, current.positionId) : undefined;
    const instrument = this.#instrument(current.symbol);
    if (body.value !== undefined) await this.#checkValue(kind, body.value, position);
    const basis = await this.#basis(kind, instrument, position);
    if (active) this.#notMet(kind, value, basis, instrument);
    const row = await db.transaction(async (tx) => {
      if (active && current.status !== alertStatuses.active) {
        await tx.execute(sql`select id from ${users} where id = ${userId} for update`);
        const [counted] = await tx
          .select({ total: count() })
          .from(alerts)
          .where(and(eq(alerts.userId, userId), eq(alerts.status, alertStatuses.active), isNull(alerts.deletedAt)));
        if ((counted?.total ?? 0) >= maxActiveAlerts)
          throw new AppError('ALERT_LIMIT', undefined, { max: maxActiveAlerts });
      }
      const [updated] = await tx
        .update(alerts)
        .set({
          value,
          repeat: body.repeat ?? current.repeat,
          cooldownMinutes: body.cooldownMinutes ?? current.cooldownMinutes,
          status: active ? alertStatuses.active : alertStatuses.paused,
          endedBy: null,
          // A change arms the alert at its (new) level, measured from today's basis.
          phase: 'armed',
          refPrice: refOf(kind, basis),
          version: sql`${alerts.version} + 1`,
        })
        .where(and(eq(alerts.id, current.id), isNull(alerts.deletedAt)))
        .returning();
      if (!updated) throw new AppError('ALERT_NOT_FOUND');
      return updated;
    });
    await this.changed(row.id);
    return this.view(row, position);
  }

  async delete(userId: number, id: number): Promise<void> {
    const [row] = await this.deps.db
      .update(alerts)
      .set({ deletedAt: new Date(this.deps.clock()), version: sql`${alerts.version} + 1` })
      .where(and(eq(alerts.id, id), eq(alerts.userId, userId), isNull(alerts.deletedAt)))
      .returning({ id: alerts.id });
    if (!row) throw new AppError('ALERT_NOT_FOUND');
    await this.changed(row.id);
  }

  async list(userId: number, symbol?: string): Promise<AlertView[]> {
    const rows = await this.deps.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.userId, userId), isNull(alerts.deletedAt), symbol ? eq(alerts.symbol, symbol) : undefined))
      .orderBy(desc(alerts.id));
    const positions = await this.#positionsOf(rows);
    return rows.map((row) => this.view(row, positions.get(row.positionId ?? 0)));
  }

  async history(userId: number, query: PageQuery) {
    const { db, market } = this.deps;
    const where = eq(alertEvents.userId, userId);
    return paginate(
      query,
      db.select().from(alertEvents).where(where).orderBy(desc(alertEvents.id)).$dynamic(),
      db.select({ total: count() }).from(alertEvents).where(where),
      (row) => ({
        id: row.id,
        alertId: row.alertId,
        kind: row.kind as AlertKind,
        symbol: row.symbol,
        currency: market.instrument(row.symbol)?.currency ?? '',
        value: row.value === null ? null : moneyString(row.value),
        price: moneyString(row.price),
        noticeId: row.noticeId,
        firedAt: row.firedAt.toISOString(),
      }),
    );
  }

  /** An alert as its member sees it; `level` is where it fires now, when it can. */
  view(row: AlertRow, position?: PositionRow): AlertView {
    const instrument = this.deps.market.instrument(row.symbol);
    const kind = row.kind as AlertKind;
    const quote = instrument ? this.deps.market.quote(instrument) : undefined;
    const basis: Basis = {
      prevClose: row.refPrice ?? quote?.prevClose,
      high52: row.refPrice ?? undefined,
      low52: row.refPrice ?? undefined,
      position,
    };
    const level = row.status === alertStatuses.active ? alertLevel(kind, row.value, basis) : undefined;
    const target = level && targetOf(level, 'armed');
    return {
      id: row.id,
      kind,
      symbol: row.symbol,
      name: instrument?.name ?? row.symbol,
      currency: instrument?.currency ?? '',
      positionId: row.positionId,
      value: row.value === null ? null : moneyString(row.value),
      level: target ? priceOfUnits(target.level) : null,
      repeat: row.repeat,
      cooldownMinutes: row.cooldownMinutes,
      status: row.status as AlertView['status'],
      endedBy: row.endedBy as AlertView['endedBy'],
      firedCount: row.firedCount,
      lastFiredAt: row.lastFiredAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  #instrument(symbol: string): Instrument {
    const instrument = this.deps.market.instrument(symbol);
    if (!instrument) throw new AppError('SYMBOL_NOT_FOUND', undefined, { symbol });
    return instrument;
  }

  async #own(db: Database | Transaction, userId: number, id: number): Promise<AlertRow> {
    const [row] = await db
      .select()
      .from(alerts)
      .where(and(eq(alerts.id, id), eq(alerts.userId, userId), isNull(alerts.deletedAt)));
    if (!row) throw new AppError('ALERT_NOT_FOUND');
    return row;
  }

  async #openPosition(db: Database | Transaction, userId: number, id: number): Promise<PositionRow> {
    const [position] = await db
      .select()
      .from(tradePositions)
      .where(
        and(
          eq(tradePositions.id, id),
          eq(tradePositions.userId, userId),
          eq(tradePositions.status, positionStatuses.open),
        ),
      );
    if (!position) throw new AppError('ALERT_POSITION_CLOSED');
    return position;
  }

  async #positionsOf(rows: AlertRow[]): Promise<Map<number, PositionRow>> {
    const ids = rows.flatMap((row) => (row.positionId ? [row.positionId] : []));
    if (ids.length === 0) return new Map();
    const positions = await this.deps.db.select().from(tradePositions).where(sql`${tradePositions.id} in ${ids}`);
    return new Map(positions.map((position) => [position.id, position]));
  }

  async #checkValue(kind: AlertKind, value: string | null, position?: PositionRow): Promise<void> {
    const range = valueRanges[kind];
    if (!range || value === null) return;
    let decimals = range.decimals;
    if (kind === 'positionPnlAmount' && position) {
      decimals = (await currencyRates(this.deps.db)).get(position.currency)?.decimals ?? 2;
    }
    const amount = new Money(value);
    const outside =
      amount.lt(range.min) ||
      amount.gt(range.max) ||
      amount.decimalPlaces() > decimals ||
      (signedKinds.includes(kind) && amount.isZero());
    if (outside) throw new AppError('ALERT_VALUE_RANGE', undefined, { min: range.min, max: range.max, decimals });
    if (kind === 'stopDistance' && !position?.stopLoss) throw new AppError('ALERT_NO_STOP_LOSS');
  }

  async #basis(kind: AlertKind, instrument: Instrument, position?: PositionRow): Promise<Basis> {
    if (kind === 'high52' || kind === 'low52') return yearRange(this.deps.market, instrument.symbol);
    return { prevClose: this.deps.market.quote(instrument).prevClose, position };
  }

  /** An alert of a crossing is refused where its condition already holds: it would never fire. */
  #notMet(kind: AlertKind, value: string | null, basis: Basis, instrument: Instrument): void {
    const level = alertLevel(kind, value, basis);
    const target = level && targetOf(level, 'armed');
    if (!level || !target) {
      // A level at or below 0 (a loss past the whole cost): no price can reach it.
      if (!valuelessAlertKinds.includes(kind)) throw new AppError('ALERT_VALUE_RANGE', undefined, valueRangeOf(kind));
      return;
    }
    const price = watchedPrice(this.deps.market, instrument, target.watch);
    if (price && reached(target, priceUnits(price))) {
      throw new AppError('ALERT_ALREADY_MET', undefined, { price, currency: instrument.currency });
    }
  }
}

function valueRangeOf(kind: AlertKind): Record<string, string | number> {
  const range = valueRanges[kind];
  return range ? { min: range.min, max: range.max, decimals: range.decimals } : {};
}

/** What a relative alert is measured from, stored so a restart measures from the same. */
function refOf(kind: AlertKind, basis: Basis): string | null {
  if (kind === 'changeUp' || kind === 'changeDown') return basis.prevClose ? moneyString(basis.prevClose) : null;
  if (kind === 'high52') return basis.high52 ? moneyString(basis.high52) : null;
  if (kind === 'low52') return basis.low52 ? moneyString(basis.low52) : null;
  return null;
}
