import { type QuantSaleState, quantSaleStates } from '@soar/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { currencyRates } from '../../core/currency.ts';
import type { IdempotencyClaim } from '../../core/idempotency.ts';
import { verifyPayPassword } from '../../core/pay-password.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { markets, quantAccruals, quantFunds, quantOrders, quantRates } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { Ledger } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';
import { fundDaysAfter, type MarketCalendar } from './calendar.ts';
import { type FundRow, fundView, orderView, saleState, saleStateOrder, saleStateRank } from './views.ts';

export type QuantDeps = { db: Database; ledger: Ledger; calendar: MarketCalendar; clock: () => number };

/** The newest published rate of each fund, in one query. */
async function latestRates(db: Database | Transaction, fundIds: number[]) {
  if (fundIds.length === 0) return new Map<number, { date: string; rate: string }>();
  const rows = await db
    .selectDistinctOn([quantRates.fundId], { fundId: quantRates.fundId, date: quantRates.date, rate: quantRates.rate })
    .from(quantRates)
    .where(inArray(quantRates.fundId, fundIds))
    .orderBy(quantRates.fundId, desc(quantRates.date));
  return new Map(rows.map((row) => [row.fundId, { date: row.date, rate: row.rate }]));
}

/** Quant funds for members and visitors: the offer, buying, orders and daily profits. */
export class QuantService {
  constructor(private readonly deps: QuantDeps) {}

  private get db() {
    return this.deps.db;
  }

  private now(): Date {
    return new Date(this.deps.clock());
  }

  timezoneOf(market: string): string {
    return this.deps.calendar.schedule(market)?.timezone ?? 'UTC';
  }

  /** `db` is the caller's transaction when there is one (PGlite has a single connection). */
  async views(rows: FundRow[], db: Database | Transaction = this.db) {
    const now = this.now();
    const latest = await latestRates(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => fundView(row, { now, timezone: this.timezoneOf(row.market), latest: latest.get(row.id) }));
  }

  /**
   * A market code no market has is a mistake (a typo, an old link), not a market without funds:
   * 422 `MARKET_NOT_FOUND` naming the codes there are, as the quote list answers.
   */
  private async assertMarket(code: string) {
    const codes = (await this.db.select({ code: markets.code }).from(markets)).map((row) => row.code);
    if (!codes.includes(code)) {
      throw new AppError('MARKET_NOT_FOUND', undefined, { market: code, markets: codes.sort().join(', ') });
    }
  }

  /** On sale first, then upcoming, then ended; by the operators' sort within each. */
  async list(query: PageQuery & { market?: string; state?: QuantSaleState }) {
    if (query.market) await this.assertMarket(query.market);
    const order = saleStateOrder(this.now());
    const conditions: SQL[] = [];
    if (query.market) conditions.push(eq(quantFunds.market, query.market));
    if (query.state) conditions.push(sql`${order} = ${saleStateRank[query.state]}`);
    const where = and(...conditions);
    const page = await paginate(
      query,
      this.db
        .select()
        .from(quantFunds)
        .where(where)
        .orderBy(order, asc(quantFunds.sort), asc(quantFunds.id))
        .$dynamic(),
      this.db.select({ total: count() }).from(quantFunds).where(where),
      (row) => row,
    );
    return { ...page, list: await this.views(page.list) };
  }

  async fund(id: number): Promise<FundRow> {
    const [row] = await this.db.select().from(quantFunds).where(eq(quantFunds.id, id));
    if (!row) throw new AppError('QUANT_FUND_NOT_FOUND');
    return row;
  }

  async detail(id: number) {
    const [view] = await this.views([await this.fund(id)]);
    if (!view) throw new AppError('QUANT_FUND_NOT_FOUND');
    return view;
  }

  /** A fund's published rates, the newest `limit` of them, oldest first. */
  async rates(id: number, limit: number) {
    const fund = await this.detail(id);
    const rows = await this.db
      .select({ date: quantRates.date, rate: quantRates.rate })
      .from(quantRates)
      .where(eq(quantRates.fundId, id))
      .orderBy(desc(quantRates.date))
      .limit(limit);
    return { fund, list: rows.reverse().map((row) => ({ date: row.date, rate: moneyString(row.rate) })) };
  }

  private assertOnSale(fund: FundRow, now: Date) {
    if (saleState(fund, now) !== quantSaleStates.onSale) {
      throw new AppError('QUANT_NOT_ON_SALE', undefined, { lastTradeDay: fund.lastTradeDay });
    }
  }

  /**
   * Checks the sale, the minimum and maximum and the pay password, then in one transaction locks
   * the fund (a concurrent close waits), records the order and moves the amount from `available`
   * to `quant_escrow` (`quant_buy`); the ledger refuses it when the balance is short.
   */
  async buy(userId: number, body: { fundId: number; amount: string; payPassword: string }, claim?: IdempotencyClaim) {
    const now = this.now();
    const fund = await this.fund(body.fundId);
    this.assertOnSale(fund, now);
    const amount = new Money(body.amount);
    const { currency } = fund;
    if (amount.lt(fund.minAmount)) {
      throw new AppError('QUANT_BELOW_MINIMUM', undefined, { min: moneyString(fund.minAmount), currency });
    }
    if (fund.maxAmount !== null && amount.gt(fund.maxAmount)) {
      throw new AppError('QUANT_ABOVE_MAXIMUM', undefined, { max: moneyString(fund.maxAmount), currency });
    }
    await verifyPayPassword(this.db, userId, body.payPassword);
    return this.place(userId, fund, amount, now, claim);
  }

  /** The money part of `buy`, once its rules and the pay password are checked (the demo seed starts here). */
  async place(userId: number, fund: FundRow, amount: Money, now: Date, claim?: IdempotencyClaim) {
    const { currency } = fund;
    const schedule = this.deps.calendar.schedule(fund.market) ?? (await this.deps.calendar.load()).get(fund.market);
    if (!schedule) throw new Error(`fund ${fund.id} has an unknown market ${fund.market}`);
    const last = fundDaysAfter(schedule, now, fund.cycleDays).at(-1);
    if (!last) throw new Error('a cycle without fund days');
    const decimals = (await currencyRates(this.db)).get(currency)?.decimals ?? 2;

    return this.deps.ledger.transaction(async (book) => {
      const [locked] = await book.tx.select().from(quantFunds).where(eq(quantFunds.id, fund.id)).for('share');
      if (!locked) throw new AppError('QUANT_FUND_NOT_FOUND');
      this.assertOnSale(locked, now);
      const [order] = await book.tx
        .insert(quantOrders)
        .values({
          userId,
          fundId: locked.id,
          currency,
          amount: moneyString(amount),
          cycleDays: locked.cycleDays,
          dailyRateMin: locked.dailyRateMin,
          dailyRateMax: locked.dailyRateMax,
          maturesOn: last.date,
          maturesAt: last.closeAt,
          createdAt: now,
        })
        .returning();
      if (!order) throw new Error('insert returned no quant order');
      await book.post({ kind: 'quant_buy', reference: `quant:${order.id}`, userId }, [
        { userId, bucket: 'available', currency, amount: amount.neg() },
        { platform: 'quant_escrow', currency, amount },
      ]);
      await sendNotice(book, {
        userId,
        kind: 'quantBought',
        params: { fund: locked.name, amount: moneyString(amount), currency, endTime: last.closeAt.toISOString() },
        reference: `quant:${order.id}`,
      });
      return orderView(order, locked, decimals);
    }, claim);
  }

  /** My orders, newest first, each with its latest fund day. */
  async orders(userId: number, query: PageQuery & { status?: number }) {
    const where = and(
      eq(quantOrders.userId, userId),
      query.status === undefined ? undefined : eq(quantOrders.status, query.status),
    );
    return this.orderPage(query, where);
  }

  /** A page of orders matching `where`, newest first, with each one's latest accrual. */
  async orderPage(query: PageQuery, where: SQL | undefined) {
    const page = await paginate(
      query,
      this.db
        .select({ order: quantOrders, name: quantFunds.name, market: quantFunds.market })
        .from(quantOrders)
        .innerJoin(quantFunds, eq(quantFunds.id, quantOrders.fundId))
        .where(where)
        .orderBy(desc(quantOrders.id))
        .$dynamic(),
      this.db.select({ total: count() }).from(quantOrders).where(where),
      (row) => row,
    );
    const ids = page.list.map((row) => row.order.id);
    const latest =
      ids.length === 0
        ? []
        : await this.db
            .selectDistinctOn([quantAccruals.orderId])
            .from(quantAccruals)
            .where(inArray(quantAccruals.orderId, ids))
            .orderBy(quantAccruals.orderId, desc(quantAccruals.date));
    const lastOf = new Map(latest.map((row) => [row.orderId, row]));
    const rates = await currencyRates(this.db);
    return {
      ...page,
      list: page.list.map(({ order, name, market }) =>
        orderView(order, { name, market }, rates.get(order.currency)?.decimals ?? 2, lastOf.get(order.id)),
      ),
    };
  }

  /** My daily profits, newest first; one order's when asked. */
  async profits(userId: number, query: PageQuery & { orderId?: number }) {
    const where = and(
      eq(quantAccruals.userId, userId),
      query.orderId === undefined ? undefined : eq(quantAccruals.orderId, query.orderId),
    );
    return paginate(
      query,
      this.db
        .select({ accrual: quantAccruals, order: quantOrders, name: quantFunds.name })
        .from(quantAccruals)
        .innerJoin(quantOrders, eq(quantOrders.id, quantAccruals.orderId))
        .innerJoin(quantFunds, eq(quantFunds.id, quantOrders.fundId))
        .where(where)
        .orderBy(desc(quantAccruals.date), desc(quantAccruals.id))
        .$dynamic(),
      this.db.select({ total: count() }).from(quantAccruals).where(where),
      ({ accrual, order, name }) => ({
        id: accrual.id,
        orderId: order.id,
        fundId: order.fundId,
        fundName: name,
        currency: order.currency,
        date: accrual.date,
        amount: moneyString(order.amount),
        rate: moneyString(accrual.rate),
        profit: moneyString(accrual.profit),
      }),
    );
  }
}
