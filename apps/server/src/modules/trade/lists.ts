import { type LanguageKey, orderStatuses, positionStatuses } from '@soar/contract';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { tradeCloses, tradeFeeSchedules, tradeOrders, tradePositions } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import { discountOf } from './pricing.ts';
import type { TradeService } from './service.ts';
import { closeView, feeView, orderView, positionViews } from './views.ts';

export async function pending(
  trade: TradeService,
  userId: number,
  query: PageQuery & { symbol?: string },
  lang: LanguageKey,
) {
  const where = and(
    eq(tradeOrders.userId, userId),
    eq(tradeOrders.status, orderStatuses.pending),
    query.symbol ? eq(tradeOrders.symbol, query.symbol) : undefined,
  );
  return paginate(
    query,
    trade.db.select().from(tradeOrders).where(where).orderBy(desc(tradeOrders.id)).$dynamic(),
    trade.db.select({ total: count() }).from(tradeOrders).where(where),
    (row) => orderView(trade, row, lang),
  );
}

export async function holdings(trade: TradeService, userId: number) {
  const rows = await trade.db
    .select()
    .from(tradePositions)
    .where(and(eq(tradePositions.userId, userId), eq(tradePositions.status, positionStatuses.open)))
    .orderBy(desc(tradePositions.id));
  const list = await positionViews(trade, rows);
  const totals = new Map<string, { cost: Money; marketValue: Money; floatingPnl: Money; positions: number }>();
  for (const item of list) {
    const total = totals.get(item.currency) ?? {
      cost: new Money(0),
      marketValue: new Money(0),
      floatingPnl: new Money(0),
      positions: 0,
    };
    total.cost = total.cost.add(item.cost);
    total.marketValue = total.marketValue.add(item.marketValue ?? item.cost);
    total.floatingPnl = total.floatingPnl.add(item.floatingPnl ?? 0);
    total.positions += 1;
    totals.set(item.currency, total);
  }
  return {
    list,
    totals: [...totals].map(([currency, total]) => ({
      currency,
      cost: moneyString(total.cost),
      marketValue: moneyString(total.marketValue),
      floatingPnl: moneyString(total.floatingPnl),
      positions: total.positions,
    })),
  };
}

export async function closed(
  trade: TradeService,
  userId: number,
  query: PageQuery & { symbol?: string },
  lang: LanguageKey,
) {
  const where = and(eq(tradeCloses.userId, userId), query.symbol ? eq(tradePositions.symbol, query.symbol) : undefined);
  return paginate(
    query,
    trade.db
      .select({ close: tradeCloses, position: tradePositions })
      .from(tradeCloses)
      .innerJoin(tradePositions, eq(tradePositions.id, tradeCloses.positionId))
      .where(where)
      .orderBy(desc(tradeCloses.id))
      .$dynamic(),
    trade.db
      .select({ total: count() })
      .from(tradeCloses)
      .innerJoin(tradePositions, eq(tradePositions.id, tradeCloses.positionId))
      .where(where),
    (row) => closeView(trade, row.close, row.position, lang),
  );
}

export async function detail(trade: TradeService, userId: number, id: number, lang: LanguageKey) {
  const [row] = await trade.db
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.id, id), eq(tradeOrders.userId, userId)));
  if (!row) throw new AppError('TRADE_ORDER_NOT_FOUND');
  let position = null;
  let closes: ReturnType<typeof closeView>[] = [];
  if (row.positionId) {
    const [positionRow] = await trade.db.select().from(tradePositions).where(eq(tradePositions.id, row.positionId));
    if (positionRow) {
      position = (await positionViews(trade, [positionRow]))[0] ?? null;
      const closeRows = await trade.db
        .select()
        .from(tradeCloses)
        .where(eq(tradeCloses.positionId, positionRow.id))
        .orderBy(desc(tradeCloses.id));
      closes = closeRows.map((close) => closeView(trade, close, positionRow, lang));
    }
  }
  return { ...orderView(trade, row, lang), position, closes };
}

export async function feeSchedule(trade: TradeService, userId: number) {
  const vipLevel = await trade.vipLevel(userId);
  const rows = await trade.db.select().from(tradeFeeSchedules).orderBy(asc(tradeFeeSchedules.market));
  const list = rows.map((row) => feeView(row));
  const us = rows[0];
  return {
    vipLevel,
    discount: moneyString(us ? discountOf(us, vipLevel) : 0),
    list,
  };
}
