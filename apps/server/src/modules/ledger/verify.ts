import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.ts';
import { Money } from '../../lib/decimal.ts';

export type LedgerReport = {
  ok: boolean;
  entries: number;
  lines: number;
  balances: number;
  problems: string[];
  /** Sum over every account (members and platform) per currency: zero when nothing was invented. */
  totals: Record<string, string>;
};

/**
 * Recomputes every balance from the journal and checks each entry sums to zero per currency
 * (docs/ledger.md). `npm run ledger:verify` prints this; tests run it after every scenario.
 */
export async function verifyLedger(db: Database): Promise<LedgerReport> {
  const problems: string[] = [];
  const unbalanced = await queryRows<{ entry_id: string; currency: string; sum: string }>(
    db,
    sql`select entry_id::text, currency, sum(amount)::text as sum from journal_lines
        group by entry_id, currency having sum(amount) <> 0 order by entry_id limit 100`,
  );
  for (const row of unbalanced) problems.push(`entry ${row.entry_id} sums to ${row.sum} ${row.currency}`);

  const differences = await queryRows<{
    user_id: number;
    currency: string;
    available: string;
    frozen: string;
    journal_available: string;
    journal_frozen: string;
  }>(
    db,
    sql`with journal as (
          select user_id, currency,
                 coalesce(sum(amount) filter (where account = 'available'), 0) as available,
                 coalesce(sum(amount) filter (where account = 'frozen'), 0) as frozen
          from journal_lines where user_id is not null group by user_id, currency)
        select coalesce(b.user_id, j.user_id) as user_id, coalesce(b.currency, j.currency) as currency,
               coalesce(b.available, 0)::text as available, coalesce(b.frozen, 0)::text as frozen,
               coalesce(j.available, 0)::text as journal_available, coalesce(j.frozen, 0)::text as journal_frozen
        from balances b full join journal j on j.user_id = b.user_id and j.currency = b.currency
        where coalesce(b.available, 0) <> coalesce(j.available, 0) or coalesce(b.frozen, 0) <> coalesce(j.frozen, 0)
        order by 1, 2 limit 100`,
  );
  for (const row of differences) {
    problems.push(
      `balance of user ${row.user_id} in ${row.currency}: available ${row.available} frozen ${row.frozen}, ` +
        `journal says available ${row.journal_available} frozen ${row.journal_frozen}`,
    );
  }

  const lastLines = await queryRows<{
    user_id: number;
    currency: string;
    account: string;
    running: string;
    after: string;
  }>(
    db,
    sql`select user_id, currency, account, running::text, balance_after::text as after from (
          select user_id, currency, account, balance_after,
                 sum(amount) over (partition by user_id, currency, account order by id) as running
          from journal_lines where user_id is not null) lines
        where running <> balance_after limit 100`,
  );
  for (const row of lastLines) {
    problems.push(
      `line of user ${row.user_id} ${row.currency} ${row.account}: balance after ${row.after}, running sum ${row.running}`,
    );
  }

  const [counts] = await queryRows<{ entries: number; lines: number; balances: number }>(
    db,
    sql`select (select count(*) from journal_entries)::int as entries, (select count(*) from journal_lines)::int as lines,
               (select count(*) from balances)::int as balances`,
  );
  const totals = await queryRows<{ currency: string; total: string }>(
    db,
    sql`select currency, sum(amount)::text as total from journal_lines group by currency order by currency`,
  );
  for (const { currency, total } of totals) {
    if (!new Money(total).isZero()) problems.push(`all accounts in ${currency} sum to ${total}`);
  }
  return {
    ok: problems.length === 0,
    entries: counts?.entries ?? 0,
    lines: counts?.lines ?? 0,
    balances: counts?.balances ?? 0,
    problems,
    totals: Object.fromEntries(totals.map(({ currency, total }) => [currency, total])),
  };
}
