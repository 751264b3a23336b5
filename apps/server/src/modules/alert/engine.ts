import { type AlertKind, alertStatuses, positionStatuses, type Quote } from '@soar/contract';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { alertEvents, alerts, tradePositions } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { priceUnits, TriggerBook } from '../../lib/level-book.ts';
import type { QuoteProvider } from '../../market/provider.ts';
import type { Book, Ledger } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';
import type { PositionRow } from '../trade/index.ts';
import { type AlertRow, alertLevel, type Basis, type Target, targetOf, type Watch } from './levels.ts';
import { yearRange } from './service.ts';

type Entry = { row: AlertRow; position?: PositionRow; target?: Target; watch?: Watch };
/** An alert a tick made fire, with the guard of the version it was read at. */
type Firing = {
  entry: Entry;
  guard: SQL;
  change: { version: SQL; refPrice: string | null; price: string; now: Date; basis: Basis };
};

/** Firings written by one transaction. */
const fireBatch = 100;

export type AlertEngineDeps = {
  db: Database;
  market: QuoteProvider;
  ledger: Ledger;
  clock: () => number;
  onError?: (error: unknown) => void;
};

export type AlertStats = { fired: number; cooling: number; rearmed: number };

const watches: readonly Watch[] = ['last', 'bid', 'ask'];
const changeKinds: readonly string[] = ['changeUp', 'changeDown'];
const yearKinds: readonly string[] = ['high52', 'low52'];

/** The notice of a fired alert: `alertPriceAbove`, `alertHigh52`, ... (docs/product.md, Alerts). */
export function alertNoticeKind(kind: AlertKind): string {
  return `alert${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;
}

/**
 * Evaluates alerts on ticks (docs/product.md, Alerts), like the trading engine's trigger book: per
 * symbol and watched price (last, bid, ask) the armed alerts sorted by level, so a tick looks only
 * at those it crossed. An alert's phase is stored with each crossing (a guarded update of the
 * version it was read at), so one crossing fires once, across a restart or another node's take-over.
 * Stale quotes fire nothing. Only the engine node runs it.
 */
export class AlertEngine {
  readonly books: Record<Watch, TriggerBook> = {
    last: new TriggerBook(),
    bid: new TriggerBook(),
    ask: new TriggerBook(),
  };
  readonly stats: AlertStats = { fired: 0, cooling: 0, rearmed: 0 };
  readonly #entries = new Map<number, Entry>();
  readonly #bySymbol = new Map<string, Set<number>>();
  readonly #byPosition = new Map<number, Set<number>>();
  /** Each symbol's previous close as last seen: a new one is a new day for change alerts. */
  readonly #prevCloses = new Map<string, string>();
  readonly #years = new Map<string, { high52?: string; low52?: string }>();
  readonly #chains = new Map<string, Promise<void>>();
  #stop: (() => void) | undefined;

  constructor(private readonly deps: AlertEngineDeps) {}

  get running(): boolean {
    return this.#stop !== undefined;
  }

  get size(): number {
    return this.#entries.size;
  }

  async start(listen = true): Promise<void> {
    await this.rebuild();
    const stop = listen ? this.deps.market.stream((event) => this.onQuote(event.quote)) : () => {};
    this.#stop = stop;
  }

  stop(): void {
    this.#stop?.();
    this.#stop = undefined;
  }

  async rebuild(): Promise<void> {
    for (const book of Object.values(this.books)) book.clear();
    this.#entries.clear();
    this.#bySymbol.clear();
    this.#byPosition.clear();
    this.#years.clear();
    const rows = await this.deps.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.status, alertStatuses.active), isNull(alerts.deletedAt)));
    for (const symbol of new Set(rows.filter((row) => yearKinds.includes(row.kind)).map((row) => row.symbol))) {
      this.#years.set(symbol, await yearRange(this.deps.market, symbol));
    }
    const positions = await this.#positions(rows.flatMap((row) => (row.positionId ? [row.positionId] : [])));
    for (const row of rows) await this.track(row, row.positionId ? positions.get(row.positionId) : undefined);
  }

  /** Files an alert as it now stands (or takes it out: paused, ended, deleted). */
  async track(row: AlertRow, position?: PositionRow): Promise<void> {
    this.#forget(row.id);
    if (row.status !== alertStatuses.active || row.deletedAt) return;
    if (row.positionId && position?.status !== positionStatuses.open) {
      await this.#endForPosition(row.positionId);
      return;
    }
    const entry: Entry = { row, position };
    this.#entries.set(row.id, entry);
    this.#index(this.#bySymbol, row.symbol, row.id);
    if (row.positionId) this.#index(this.#byPosition, row.positionId, row.id);
    this.#place(entry);
  }

  /** A change committed by a member (here or on an API node): the alert is read again. */
  async heard(alertId: number): Promise<void> {
    const [row] = await this.deps.db.select({ symbol: alerts.symbol }).from(alerts).where(eq(alerts.id, alertId));
    if (row) await this.#serial(row.symbol, () => this.#reload(alertId));
  }

  async #reload(alertId: number): Promise<void> {
    const [row] = await this.deps.db.select().from(alerts).where(eq(alerts.id, alertId));
    if (!row) return;
    const position = row.positionId ? (await this.#positions([row.positionId])).get(row.positionId) : undefined;
    if (yearKinds.includes(row.kind) && !this.#years.has(row.symbol)) {
      this.#years.set(row.symbol, await yearRange(this.deps.market, row.symbol));
    }
    await this.track(row, position);
  }

  /** The trading engine tracked a position: its alerts follow its quantity and stop loss, or end with it. */
  positionChanged(position: PositionRow): void {
    const ids = this.#byPosition.get(position.id);
    if (!ids || ids.size === 0) return;
    void this.#serial(position.symbol, async () => {
      for (const id of [...ids]) {
        const entry = this.#entries.get(id);
        if (entry) await this.track(entry.row, position);
      }
    });
  }

  /** One quote of a symbol: crossed alerts fire, a new previous close arms change alerts again. */
  onQuote(quote: Quote): void {
    if (quote.stale) return;
    const ids = this.#bySymbol.get(quote.symbol);
    if (!ids || ids.size === 0) return;
    const known = this.#prevCloses.get(quote.symbol);
    if (known !== quote.prevClose) {
      this.#prevCloses.set(quote.symbol, quote.prevClose);
      if (known !== undefined) void this.#serial(quote.symbol, () => this.#newDay(quote.symbol));
    }
    for (const watch of watches) {
      const price = watch === 'last' ? quote.price : watch === 'bid' ? quote.bid : quote.ask;
      if (!price) continue;
      const book = this.books[watch].of(quote.symbol);
      if (book.size === 0) continue;
      const crossed = book.crossed(priceUnits(price)).map((trigger) => Number(trigger.key));
      if (crossed.length > 0) void this.#serial(quote.symbol, () => this.#crossedAll(crossed, price));
    }
  }

  /** Resolves when every crossing queued so far has been written. */
  async idle(): Promise<void> {
    for (;;) {
      const chains = [...this.#chains.values()];
      if (chains.length === 0) return;
      await Promise.all(chains);
    }
  }

  #place(entry: Entry): void {
    const { row } = entry;
    const level = alertLevel(row.kind as AlertKind, row.value, this.#basis(entry));
    const target = level && targetOf(level, this.#phase(entry));
    entry.target = target;
    if (!target) return;
    this.books[target.watch].of(row.symbol).set({ key: String(row.id), level: target.level, up: target.up });
  }

  /**
   * Where the alert's relative level is measured from now: today's previous close (a change alert
   * stored against another day's is armed again), the year's range and any higher high it fired at.
   */
  #basis(entry: Entry): Basis {
    const { row } = entry;
    const instrument = this.deps.market.instrument(row.symbol);
    const prevClose = instrument ? this.deps.market.quote(instrument).prevClose : undefined;
    const year = this.#years.get(row.symbol) ?? {};
    const ref = row.refPrice;
    const higher = (a?: string | null, b?: string | null) =>
      a && b ? Money.max(a, b).toFixed() : (a ?? b ?? undefined);
    const lower = (a?: string | null, b?: string | null) =>
      a && b ? Money.min(a, b).toFixed() : (a ?? b ?? undefined);
    return { prevClose, high52: higher(year.high52, ref), low52: lower(year.low52, ref), position: entry.position };
  }

  #phase(entry: Entry): 'armed' | 'rearm' {
    const { row } = entry;
    if (yearKinds.includes(row.kind)) return 'armed';
    if (changeKinds.includes(row.kind) && row.refPrice !== null) {
      const instrument = this.deps.market.instrument(row.symbol);
      const prevClose = instrument && this.deps.market.quote(instrument).prevClose;
      if (prevClose && !new Money(prevClose).eq(row.refPrice)) return 'armed';
    }
    return row.phase === 'rearm' ? 'rearm' : 'armed';
  }

  async #newDay(symbol: string): Promise<void> {
    const ids = [...(this.#bySymbol.get(symbol) ?? [])];
    if (ids.some((id) => yearKinds.includes(this.#entries.get(id)?.row.kind ?? ''))) {
      this.#years.set(symbol, await yearRange(this.deps.market, symbol));
    }
    for (const id of ids) {
      const entry = this.#entries.get(id);
      if (entry && (changeKinds.includes(entry.row.kind) || yearKinds.includes(entry.row.kind))) {
        await this.track(entry.row, entry.position);
      }
    }
  }

  /**
   * The alerts one tick crossed: each re-arms or waits out its cool-down alone; those that fire are
   * written in batches, one transaction each, so a thousand at once commit in a few.
   */
  async #crossedAll(ids: number[], price: string): Promise<void> {
    const firings: Firing[] = [];
    for (const id of ids) {
      try {
        const firing = await this.#crossed(id, price);
        if (firing) firings.push(firing);
      } catch (error) {
        this.#replace(id);
        this.deps.onError?.(error);
      }
    }
    for (let start = 0; start < firings.length; start += fireBatch) {
      const batch = firings.slice(start, start + fireBatch);
      try {
        await this.#fireAll(batch);
      } catch {
        // One of them failed the batch: each is tried alone, so the others still fire.
        for (const firing of batch) {
          await this.#fireAll([firing]).catch((error: unknown) => {
            this.#replace(firing.entry.row.id);
            this.deps.onError?.(error);
          });
        }
      }
    }
  }

  /** Not written: the alert goes back to its book, to be tried on the next crossing. */
  #replace(id: number): void {
    const entry = this.#entries.get(id);
    if (entry) this.#place(entry);
  }

  /** A crossing of an alert's target at `price`: it re-arms, waits out its cool-down, or is to fire. */
  async #crossed(id: number, price: string): Promise<Firing | undefined> {
    const entry = this.#entries.get(id);
    if (!entry?.target) return undefined;
    const { row } = entry;
    const kind = row.kind as AlertKind;
    const now = new Date(this.deps.clock());
    const basis = this.#basis(entry);
    const year = yearKinds.includes(kind);
    const ref =
      changeKinds.includes(kind) && basis.prevClose ? moneyString(basis.prevClose) : year ? price : row.refPrice;
    const guard = and(
      eq(alerts.id, id),
      eq(alerts.version, row.version),
      eq(alerts.status, alertStatuses.active),
      isNull(alerts.deletedAt),
    ) as SQL;
    const next = { version: sql`${alerts.version} + 1`, refPrice: ref };
    let updated: AlertRow | undefined;
    if (this.#phase(entry) === 'rearm') {
      updated = await this.#write(guard, { ...next, phase: 'armed' });
      this.stats.rearmed += 1;
    } else if (
      row.repeat &&
      row.lastFiredAt &&
      now.getTime() - row.lastFiredAt.getTime() < row.cooldownMinutes * 60_000
    ) {
      // Within the cool-down the crossing passes unannounced; the alert waits for the next one.
      updated = await this.#write(guard, { ...next, phase: year ? 'armed' : 'rearm' });
      this.stats.cooling += 1;
    } else {
      return { entry, guard, change: { ...next, price, now, basis } };
    }
    if (updated) await this.track(updated, entry.position);
    else await this.#reload(id); // changed meanwhile: filed as it now is
    return undefined;
  }

  async #fireAll(firings: Firing[]): Promise<void> {
    const written = await this.deps.ledger.transaction(async (book) => {
      const rows: (AlertRow | undefined)[] = [];
      for (const firing of firings) rows.push(await this.#fire(book, firing));
      return rows;
    });
    for (const [index, firing] of firings.entries()) {
      const row = written[index];
      if (row) {
        this.stats.fired += 1;
        await this.track(row, firing.entry.position);
      } else await this.#reload(firing.entry.row.id);
    }
  }

  async #fire(book: Book, { entry, guard, change }: Firing): Promise<AlertRow | undefined> {
    const { row, position } = entry;
    const kind = row.kind as AlertKind;
    const instrument = this.deps.market.instrument(row.symbol);
    const currency = instrument?.currency ?? position?.currency ?? '';
    const level = entry.target && alertLevel(kind, row.value, change.basis);
    const params: Record<string, string> = {
      symbol: row.symbol,
      name: instrument?.name ?? row.symbol,
      currency,
      price: moneyString(change.price),
      ...(level ? { level: moneyString(level.price.toDecimalPlaces(8)) } : {}),
      ...(row.value !== null ? { value: moneyString(row.value) } : {}),
      // A P/L amount is money of the position's currency: the notice shows it at its decimals.
      ...(kind === 'positionPnlAmount' && row.value !== null ? { amount: moneyString(row.value) } : {}),
      ...(position?.stopLoss ? { stopLoss: moneyString(position.stopLoss) } : {}),
    };
    const [written] = await book.tx
      .update(alerts)
      .set({
        version: change.version,
        refPrice: change.refPrice,
        phase: row.repeat && !yearKinds.includes(kind) ? 'rearm' : 'armed',
        status: row.repeat ? alertStatuses.active : alertStatuses.ended,
        endedBy: row.repeat ? null : 'fired',
        firedCount: sql`${alerts.firedCount} + 1`,
        lastFiredAt: change.now,
      })
      .where(guard)
      .returning();
    if (!written) return undefined;
    const noticeId = await sendNotice(book, {
      userId: row.userId,
      kind: alertNoticeKind(kind),
      params,
      reference: `quote:${row.symbol}`,
    });
    await book.tx.insert(alertEvents).values({
      alertId: row.id,
      userId: row.userId,
      kind,
      symbol: row.symbol,
      value: row.value,
      price: moneyString(change.price),
      noticeId,
      firedAt: change.now,
    });
    return written;
  }

  async #write(guard: SQL, set: PgUpdateSetSource<typeof alerts>): Promise<AlertRow | undefined> {
    // In a transaction: engine writes are fenced by the lease (docs/scaling.md, Standby engine).
    return this.deps.db.transaction(async (tx) => {
      const [written] = await tx.update(alerts).set(set).where(guard).returning();
      return written;
    });
  }

  async #endForPosition(positionId: number): Promise<void> {
    const ended = await this.deps.db.transaction((tx) =>
      tx
        .update(alerts)
        .set({ status: alertStatuses.ended, endedBy: 'positionClosed', version: sql`${alerts.version} + 1` })
        .where(
          and(
            eq(alerts.positionId, positionId),
            inArray(alerts.status, [alertStatuses.active, alertStatuses.paused]),
            isNull(alerts.deletedAt),
          ),
        )
        .returning({ id: alerts.id }),
    );
    for (const { id } of ended) this.#forget(id);
  }

  async #positions(ids: number[]): Promise<Map<number, PositionRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.deps.db
      .select()
      .from(tradePositions)
      .where(inArray(tradePositions.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row]));
  }

  #forget(id: number): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    this.#bySymbol.get(entry.row.symbol)?.delete(id);
    if (entry.row.positionId) this.#byPosition.get(entry.row.positionId)?.delete(id);
    if (entry.target) this.books[entry.target.watch].of(entry.row.symbol).remove(String(id));
  }

  #index<K>(index: Map<K, Set<number>>, key: K, id: number): void {
    let ids = index.get(key);
    if (!ids) {
      ids = new Set();
      index.set(key, ids);
    }
    ids.add(id);
  }

  /** Work on one symbol runs one step after the other, as ticks of a symbol do in the trading engine. */
  #serial(symbol: string, step: () => Promise<void>): Promise<void> {
    const previous = this.#chains.get(symbol) ?? Promise.resolve();
    const next = previous
      .then(step)
      .catch((error: unknown) => this.deps.onError?.(error))
      .finally(() => {
        if (this.#chains.get(symbol) === next) this.#chains.delete(symbol);
      });
    this.#chains.set(symbol, next);
    return next;
  }
}
