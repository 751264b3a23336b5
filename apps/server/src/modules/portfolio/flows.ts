import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.ts';
import { Money } from '../../lib/decimal.ts';

/**
 * Money that entered or left the account from outside (docs/product.md, Performance): deposits,
 * paid withdrawals (amount and fee), operators' adjustments and the demo's funding. Performance
 * leaves them out; everything else (trades, fees, fund profit, loans, IPOs, conversions between
 * currencies) is the account's own doing.
 */
export const externalFlowKinds = ['deposit', 'withdraw_pass', 'adjustment', 'demo_funding'] as const;

const kinds = sql.join(
  externalFlowKinds.map((kind) => sql`${kind}`),
  sql`, `,
);

/** Per currency, what external flows moved into the member's balances in [from, to). */
export async function flowsBetween(
  db: Database,
  userId: number,
  from: Date | undefined,
  to: Date,
): Promise<{ currency: string; amount: Money }[]> {
  const rows = await queryRows<{ currency: string; amount: string }>(
    db,
    sql`select l.currency, sum(l.amount)::text as amount
        from journal_entries e join journal_lines l on l.entry_id = e.id
        where l.user_id = ${userId} and e.kind in (${kinds})
          and e.created_at < ${to.toISOString()}::timestamptz
          ${from ? sql`and e.created_at >= ${from.toISOString()}::timestamptz` : sql``}
        group by l.currency having sum(l.amount) <> 0 order by l.currency`,
  );
  return rows.map((row) => ({ currency: row.currency, amount: new Money(row.amount) }));
}

/** Entries that bring money in, take it out or convert it between currencies (docs/api.md, Exports). */
export const transferKinds = [
  'deposit',
  'withdraw_freeze',
  'withdraw_pass',
  'withdraw_refuse',
  'transfer',
  'adjustment',
  'demo_funding',
] as const;
