import type { LanguageKey, OrderStatus } from '@soar/contract';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import { journalEntries, journalLines, tradeCloses, tradeOrders } from '../../db/schema/index.ts';
import { moneyString } from '../../lib/decimal.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { TradeService } from './service.ts';
import { orderView } from './views.ts';

export type HistoryQuery = PageQuery & { symbol?: string; status?: OrderStatus; dateFrom?: string; dateTo?: string };

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/**
 * Every order of the member, whatever became of it, newest first (docs/trading.md, Order history),
 * each with the member's ledger lines it moved: those of its own entries (`order:<id>`: frozen,
 * re-frozen, filled, released) and of the closes of the position it opened (`close:<id>`).
 */
export async function history(trade: TradeService, userId: number, query: HistoryQuery, lang: LanguageKey) {
  const where = and(
    eq(tradeOrders.userId, userId),
    query.symbol ? eq(tradeOrders.symbol, query.symbol) : undefined,
    query.status ? eq(tradeOrders.status, query.status) : undefined,
    query.dateFrom ? gte(tradeOrders.createdAt, dayStart(query.dateFrom)) : undefined,
    query.dateTo ? lt(tradeOrders.createdAt, nextDay(query.dateTo)) : undefined,
  );
  const page = await paginate(
    query,
    trade.db.select().from(tradeOrders).where(where).orderBy(desc(tradeOrders.id)).$dynamic(),
    trade.db.select({ total: count() }).from(tradeOrders).where(where),
    (row) => row,
  );
  const moves = await movesOf(
    trade,
    userId,
    page.list.map((row) => row.id),
  );
  return {
    ...page,
    list: page.list.map((row) => ({ ...orderView(trade, row, lang), moves: moves.get(row.id) ?? [] })),
  };
}

type Move = { kind: string; account: 'available' | 'frozen'; amount: string; currency: string; time: string };

async function movesOf(trade: TradeService, userId: number, orderIds: number[]): Promise<Map<number, Move[]>> {
  const moves = new Map<number, Move[]>();
  if (orderIds.length === 0) return moves;
  const closes = await trade.db
    .select({ id: tradeCloses.id, orderId: tradeOrders.id })
    .from(tradeCloses)
    .innerJoin(tradeOrders, eq(tradeOrders.positionId, tradeCloses.positionId))
    .where(and(eq(tradeCloses.userId, userId), inArray(tradeOrders.id, orderIds)));
  const owner = new Map<string, number>(orderIds.map((id) => [`order:${id}`, id]));
  for (const close of closes) owner.set(`close:${close.id}`, close.orderId);
  const lines = await trade.db
    .select({
      reference: journalEntries.reference,
      kind: journalEntries.kind,
      account: journalLines.account,
      amount: journalLines.amount,
      currency: journalLines.currency,
      createdAt: journalLines.createdAt,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(
      and(
        eq(journalEntries.userId, userId),
        inArray(journalEntries.reference, [...owner.keys()]),
        eq(journalLines.userId, userId),
        isNotNull(journalLines.balanceAfter),
      ),
    )
    .orderBy(asc(journalLines.id));
  for (const line of lines) {
    const orderId = owner.get(line.reference);
    if (orderId === undefined) continue;
    const list = moves.get(orderId) ?? [];
    list.push({
      kind: line.kind,
      account: line.account === 'frozen' ? 'frozen' : 'available',
      amount: moneyString(line.amount),
      currency: line.currency,
      time: line.createdAt.toISOString(),
    });
    moves.set(orderId, list);
  }
  return moves;
}
