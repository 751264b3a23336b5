import { sql } from 'drizzle-orm';
import { currencyRates } from '../../core/currency.ts';
import { type Database, queryRows } from '../../db/client.ts';
import type { StatementRecord } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import {
  closingMarks,
  closings,
  holdingsAt,
  type PriceSource,
  positionValue,
  transferKinds,
} from '../portfolio/index.ts';

/** `2026-10` -> its first instant and the next month's, UTC. */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, number - 1, 1)), to: new Date(Date.UTC(year, number, 1)) };
}

/** Entries that bring money in, take it out or convert it between currencies. */
const transferKind = new Set<string>(transferKinds);
/** Entries of the products: funds, loans and IPOs. */
const productKinds = new Set([
  'quant_buy',
  'quant_payout',
  'loan_disburse',
  'loan_repay',
  'ipo_subscribe',
  'ipo_change',
  'ipo_cancel',
  'ipo_reconfirm',
  'ipo_allot',
]);

type EntryNet = { id: number; at: Date | string; kind: string; currency: string; amount: string };

/** Each of the member's entries in [from, to) with what it moved into their balances per currency. */
async function entryNets(db: Database, userId: number, from: Date, to: Date): Promise<EntryNet[]> {
  return queryRows<EntryNet>(
    db,
    sql`select e.id, e.created_at as at, e.kind, l.currency, sum(l.amount)::text as amount
        from journal_entries e join journal_lines l on l.entry_id = e.id and l.user_id = ${userId}
        where e.user_id = ${userId} and e.created_at >= ${from.toISOString()}::timestamptz
          and e.created_at < ${to.toISOString()}::timestamptz
        group by e.id, e.created_at, e.kind, l.currency order by e.id, l.currency`,
  );
}

/** What the member held in each currency (available and frozen) before `at`. */
async function balancesBefore(db: Database, userId: number, at: Date): Promise<Map<string, Money>> {
  const rows = await queryRows<{ currency: string; amount: string }>(
    db,
    sql`select l.currency, sum(l.amount)::text as amount
        from journal_lines l join journal_entries e on e.id = l.entry_id
        where l.user_id = ${userId} and e.created_at < ${at.toISOString()}::timestamptz
        group by l.currency`,
  );
  return new Map(rows.map((row) => [row.currency, new Money(row.amount)]));
}

/**
 * Interest and penalty paid on loans (negative) and fund profit received (positive) in [from, to),
 * from the platform's side of the member's entries.
 */
async function earnings(db: Database, userId: number, from: Date, to: Date) {
  return queryRows<{ kind: string; currency: string; amount: string }>(
    db,
    sql`select case when l.account = 'platform:loan_income' then 'loan_interest' else 'quant_profit' end as kind,
          l.currency, (-sum(l.amount))::text as amount
        from journal_entries e join journal_lines l on l.entry_id = e.id
        where e.user_id = ${userId} and l.account in ('platform:loan_income', 'platform:quant_profit')
          and e.created_at >= ${from.toISOString()}::timestamptz and e.created_at < ${to.toISOString()}::timestamptz
        group by l.account, l.currency order by kind, l.currency`,
  );
}

type TradeRow = {
  side: 'open' | 'close';
  at: Date | string;
  symbol: string;
  direction: 'buy' | 'sell';
  quantity: number;
  price: string;
  fee: string;
  currency: string;
  pnl: string | null;
};

async function tradesIn(db: Database, userId: number, from: Date, to: Date): Promise<TradeRow[]> {
  const range = (column: string) =>
    sql`${sql.raw(column)} >= ${from.toISOString()}::timestamptz and ${sql.raw(column)} < ${to.toISOString()}::timestamptz`;
  return queryRows<TradeRow>(
    db,
    sql`select 'open' as side, p.created_at as at, p.symbol, p.direction, p.opened_quantity as quantity,
          p.open_price::text as price, p.open_fee::text as fee, p.currency, null as pnl, p.id as sort
        from trade_positions p where p.user_id = ${userId} and ${range('p.created_at')}
        union all
        select 'close', c.created_at, p.symbol, p.direction, c.quantity, c.close_price::text, c.fee::text, p.currency,
          c.realised_pnl::text, c.id
        from trade_closes c join trade_positions p on p.id = c.position_id
        where c.user_id = ${userId} and ${range('c.created_at')}
        order by at, side desc, sort`,
  );
}

const add = (map: Map<string, Money>, key: string, amount: Money) =>
  map.set(key, (map.get(key) ?? new Money(0)).add(amount));

export type StatementMember = { uid: string; nickname: string };

/**
 * A month's statement, every figure from the ledger (docs/product.md, Statements): per currency the
 * balance before the month, the month's credits and debits (each entry's net effect on the
 * member's balances) and the balance after it, so opening + credits - debits = closing to the
 * cent; the entries by kind, trades, transfers, products and earnings, realised P/L as recorded,
 * by FIFO and by average cost, and the positions at the month's end at its closing prices.
 */
export async function statementFigures(
  deps: PriceSource & { db: Database },
  userId: number,
  member: StatementMember,
  month: string,
  now: Date,
): Promise<StatementRecord> {
  const { db } = deps;
  const { from, to } = monthBounds(month);
  const [opening, closing, nets, earned, trades] = await Promise.all([
    balancesBefore(db, userId, from),
    balancesBefore(db, userId, to),
    entryNets(db, userId, from, to),
    earnings(db, userId, from, to),
    tradesIn(db, userId, from, to),
  ]);
  const credits = new Map<string, Money>();
  const debits = new Map<string, Money>();
  const byKind = new Map<string, { entries: number; amount: Money }>();
  const transfers: StatementRecord['transfers'] = [];
  const products = new Map<string, Money>();
  for (const net of nets) {
    const amount = new Money(net.amount);
    if (amount.isPositive()) add(credits, net.currency, amount);
    else add(debits, net.currency, amount.neg());
    const key = `${net.currency}\u0000${net.kind}`;
    const kind = byKind.get(key) ?? { entries: 0, amount: new Money(0) };
    byKind.set(key, { entries: kind.entries + 1, amount: kind.amount.add(amount) });
    if (transferKind.has(net.kind) && !amount.isZero()) {
      transfers.push({
        time: new Date(net.at).toISOString(),
        kind: net.kind,
        currency: net.currency,
        amount: moneyString(amount),
      });
    }
    if (productKinds.has(net.kind)) add(products, `${net.kind}\u0000${net.currency}`, amount);
  }
  for (const row of earned) add(products, `${row.kind}\u0000${row.currency}`, new Money(row.amount));

  const realised = new Map<string, { recorded: Money; fifo: Money; average: Money }>();
  for await (const closed of closings(db, userId, to)) {
    if (closed.time < from) continue;
    const sums = realised.get(closed.currency) ?? { recorded: new Money(0), fifo: new Money(0), average: new Money(0) };
    realised.set(closed.currency, {
      recorded: sums.recorded.add(closed.recorded),
      fifo: sums.fifo.add(closed.fifo.pnl),
      average: sums.average.add(closed.average.pnl),
    });
  }

  const held = await holdingsAt(db, userId, to);
  const lastDay = new Date(to.getTime() - 1).toISOString().slice(0, 10);
  const marks = await closingMarks(
    deps,
    held.positions.map((position) => position.symbol),
    lastDay,
    now,
  );
  const currencies = [...new Set([...opening.keys(), ...closing.keys(), ...credits.keys(), ...debits.keys()])].sort();
  const rates = await currencyRates(db);
  const text = (value: Money | undefined) => moneyString(value ?? 0);
  return {
    month,
    from: from.toISOString(),
    to: to.toISOString(),
    uid: member.uid,
    nickname: member.nickname,
    balances: currencies
      .map((currency) => ({
        currency,
        opening: text(opening.get(currency)),
        credits: text(credits.get(currency)),
        debits: text(debits.get(currency)),
        closing: text(closing.get(currency)),
      }))
      .filter((row) => [row.opening, row.credits, row.debits, row.closing].some((value) => value !== '0')),
    activity: [...byKind]
      .map(([key, value]) => {
        const [currency, kind] = key.split('\u0000') as [string, string];
        return { currency, kind, entries: value.entries, amount: moneyString(value.amount) };
      })
      .sort((a, b) => a.currency.localeCompare(b.currency) || a.kind.localeCompare(b.kind)),
    trades: trades.map((row) => ({
      time: new Date(row.at).toISOString(),
      side: row.side,
      symbol: row.symbol,
      direction: row.direction,
      quantity: Number(row.quantity),
      price: moneyString(row.price),
      fee: moneyString(row.fee),
      currency: row.currency,
      realisedPnl: row.pnl === null ? null : moneyString(row.pnl),
    })),
    transfers,
    products: [...products]
      .filter(([, amount]) => !amount.isZero())
      .map(([key, amount]) => {
        const [kind, currency] = key.split('\u0000') as [string, string];
        return { kind, currency, amount: moneyString(amount) };
      }),
    realised: [...realised].map(([currency, sums]) => ({
      currency,
      recorded: moneyString(sums.recorded),
      fifo: moneyString(sums.fifo),
      average: moneyString(sums.average),
    })),
    positions: held.positions.map((position) => {
      const valued = positionValue(position, marks(position.symbol));
      const decimals = rates.get(position.currency)?.decimals ?? 2;
      return {
        symbol: position.symbol,
        direction: position.direction,
        quantity: position.quantity,
        openPrice: moneyString(position.openPrice),
        close: valued.last && moneyString(valued.last),
        value: moneyString(valued.value.toDecimalPlaces(decimals, Money.ROUND_HALF_UP)),
        currency: position.currency,
      };
    }),
  };
}
