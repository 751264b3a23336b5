import { type quantFundBody, quantOrderStatuses } from '@soar/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type AuditRecord, recordAudit } from '../../core/audit.ts';
import { currencyRates, rateOf } from '../../core/currency.ts';
import { pageWithMembers } from '../../core/members.ts';
import type { Transaction } from '../../db/client.ts';
import { quantFunds, quantOrders } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import { endOfLocalDate } from './calendar.ts';
import type { QuantDeps, QuantService } from './service.ts';
import type { FundRow } from './views.ts';

type FundInput = z.output<typeof quantFundBody>;
type Actor = Pick<AuditRecord, 'operatorId' | 'ip'>;

/** Terms a holder bought on: fixed once the fund has an order. */
const lockedTerms = ['market', 'currency', 'cycleDays', 'dailyRateMin', 'dailyRateMax'] as const;

/** Operators publish, change and close funds; every change is audited with before and after. */
export class QuantAdmin {
  constructor(
    private readonly deps: QuantDeps,
    private readonly service: QuantService,
  ) {}

  private async view(tx: Transaction | QuantDeps['db'], row: FundRow) {
    const [stats] = await tx
      .select({
        orders: count(),
        invested: sql<string>`coalesce(sum(${quantOrders.amount}) filter (where ${quantOrders.status} = ${quantOrderStatuses.inProgress}), 0)::text`,
      })
      .from(quantOrders)
      .where(eq(quantOrders.fundId, row.id));
    const [view] = await this.service.views([row], tx);
    if (!view) throw new Error('no view of a fund');
    return {
      ...view,
      sort: row.sort,
      closedAt: row.closedAt?.toISOString() ?? null,
      orders: stats?.orders ?? 0,
      invested: moneyString(stats?.invested ?? '0'),
    };
  }

  async list(query: PageQuery) {
    const db = this.deps.db;
    const page = await paginate(
      query,
      db.select().from(quantFunds).orderBy(asc(quantFunds.sort), asc(quantFunds.id)).$dynamic(),
      db.select({ total: count() }).from(quantFunds),
      (row) => row,
    );
    return { ...page, list: await Promise.all(page.list.map((row) => this.view(db, row))) };
  }

  /** Orders of every member (one member's holdings, one fund's), with the member's id. */
  async orders(query: PageQuery & { status?: number; userId?: number; fundId?: number }) {
    const where = and(
      query.userId === undefined ? undefined : eq(quantOrders.userId, query.userId),
      query.fundId === undefined ? undefined : eq(quantOrders.fundId, query.fundId),
      query.status === undefined ? undefined : eq(quantOrders.status, query.status),
    );
    const page = await this.service.orderPage(query, where);
    const ids = page.list.map((order) => order.id);
    const owners =
      ids.length === 0
        ? new Map<number, number>()
        : new Map(
            (
              await this.deps.db
                .select({ id: quantOrders.id, userId: quantOrders.userId })
                .from(quantOrders)
                .where(inArray(quantOrders.id, ids))
            ).map((row) => [row.id, row.userId]),
          );
    return pageWithMembers(this.deps.db, {
      ...page,
      list: page.list.map((order) => ({ ...order, userId: owners.get(order.id) ?? 0 })),
    });
  }

  /** Checks a whole fund and derives when its sale ends (docs/products.md, Quant funds). */
  private async checked(input: FundInput, db: Transaction | QuantDeps['db'] = this.deps.db) {
    const schedule = this.deps.calendar.schedule(input.market) ?? (await this.deps.calendar.load(db)).get(input.market);
    if (!schedule) throw new AppError('QUANT_FUND_INVALID', 'quant.invalid.market', { market: input.market });
    rateOf(await currencyRates(db), input.currency);
    if (new Money(input.dailyRateMax).lt(input.dailyRateMin)) {
      throw new AppError('QUANT_FUND_INVALID', 'quant.invalid.rates');
    }
    if (input.maxAmount && new Money(input.maxAmount).lt(input.minAmount)) {
      throw new AppError('QUANT_FUND_INVALID', 'quant.invalid.amounts');
    }
    const startTime = new Date(input.startTime);
    const endTime = new Date(input.endTime);
    const lastTrade = endOfLocalDate(schedule.timezone, input.lastTradeDay);
    const saleEndsAt = lastTrade < endTime ? lastTrade : endTime;
    if (saleEndsAt <= startTime) throw new AppError('QUANT_FUND_INVALID', 'quant.invalid.window');
    return {
      name: input.name,
      market: input.market,
      currency: input.currency,
      cycleDays: input.cycleDays,
      dailyRateMin: input.dailyRateMin,
      dailyRateMax: input.dailyRateMax,
      minAmount: input.minAmount,
      maxAmount: input.maxAmount ?? null,
      startTime,
      endTime,
      lastTradeDay: input.lastTradeDay,
      saleEndsAt,
      ...(input.sort === undefined ? {} : { sort: input.sort }),
    };
  }

  async create(actor: Actor, input: FundInput) {
    const values = await this.checked(input);
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx.insert(quantFunds).values(values).returning();
      if (!row) throw new Error('insert returned no fund');
      const after = await this.view(tx, row);
      await recordAudit(tx, {
        ...actor,
        action: 'quant.create',
        entity: 'quant_fund',
        entityId: row.id,
        before: null,
        after,
      });
      return after;
    });
  }

  async update(actor: Actor, id: number, input: Partial<FundInput>) {
    return this.deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(quantFunds).where(eq(quantFunds.id, id)).for('update');
      if (!before) throw new AppError('QUANT_FUND_NOT_FOUND');
      const current: FundInput = {
        name: before.name,
        market: before.market,
        currency: before.currency,
        cycleDays: before.cycleDays,
        dailyRateMin: moneyString(before.dailyRateMin),
        dailyRateMax: moneyString(before.dailyRateMax),
        minAmount: moneyString(before.minAmount),
        maxAmount: before.maxAmount === null ? null : moneyString(before.maxAmount),
        startTime: before.startTime.toISOString(),
        endTime: before.endTime.toISOString(),
        lastTradeDay: before.lastTradeDay,
        sort: before.sort,
      };
      const merged = { ...current, ...input };
      const changesTerms = lockedTerms.some(
        (key) => input[key] !== undefined && String(merged[key]) !== String(current[key]),
      );
      if (changesTerms) {
        const [held] = await tx.select({ n: count() }).from(quantOrders).where(eq(quantOrders.fundId, id));
        if ((held?.n ?? 0) > 0) throw new AppError('QUANT_FUND_LOCKED');
      }
      const values = await this.checked(merged, tx);
      const [row] = await tx.update(quantFunds).set(values).where(eq(quantFunds.id, id)).returning();
      if (!row) throw new Error('update returned no fund');
      const beforeView = await this.view(tx, before);
      const after = await this.view(tx, row);
      await recordAudit(tx, {
        ...actor,
        action: 'quant.update',
        entity: 'quant_fund',
        entityId: id,
        before: beforeView,
        after,
      });
      return after;
    });
  }

  /** Stops the sale at once; orders in progress accrue to the end of their cycle. */
  async close(actor: Actor, id: number) {
    return this.deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(quantFunds).where(eq(quantFunds.id, id)).for('update');
      if (!before) throw new AppError('QUANT_FUND_NOT_FOUND');
      const beforeView = await this.view(tx, before);
      if (before.closedAt) return beforeView;
      const [row] = await tx
        .update(quantFunds)
        .set({ closedAt: new Date(this.deps.clock()) })
        .where(eq(quantFunds.id, id))
        .returning();
      if (!row) throw new Error('update returned no fund');
      const after = await this.view(tx, row);
      await recordAudit(tx, {
        ...actor,
        action: 'quant.close',
        entity: 'quant_fund',
        entityId: id,
        before: beforeView,
        after,
      });
      return after;
    });
  }
}
