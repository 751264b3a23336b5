import { type ExportKind, maxExportDays } from '@soar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { transferKinds } from './flows.ts';
import { merged } from './keyset.ts';
import { closingRows, closings, DayRates, openingFirst, openings } from './realised.ts';

const dayMs = 24 * 60 * 60 * 1000;
const batchSize = 1000;

export type ExportRange = { from: Date; to: Date };

/** `from` and `to` are UTC days, both included; at most `maxExportDays` (docs/api.md, Exports). */
export function exportRange(from: string, to: string): ExportRange {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`) + dayMs;
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) throw new AppError('EXPORT_RANGE_INVALID');
  if (end - start > maxExportDays * dayMs)
    throw new AppError('EXPORT_RANGE_TOO_LONG', undefined, { days: maxExportDays });
  return { from: new Date(start), to: new Date(end) };
}

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
function field(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (values: (string | number | null)[]) => `${values.map(field).join(',')}\r\n`;

/** The columns of each export, in order (docs/api.md, Exports). */
export const exportColumns: Record<ExportKind, string[]> = {
  trades: [
    'time',
    'side',
    'order_id',
    'position_id',
    'close_id',
    'symbol',
    'market',
    'direction',
    'quantity',
    'price',
    'fee',
    'currency',
    'realised_pnl',
    'reason',
  ],
  ledger: ['time', 'entry_id', 'kind', 'reference', 'account', 'currency', 'amount', 'balance_after'],
  realised: [
    'closed_at',
    'close_id',
    'position_id',
    'symbol',
    'direction',
    'quantity',
    'close_price',
    'fee',
    'currency',
    'proceeds',
    'fifo_cost',
    'fifo_fees',
    'fifo_pnl',
    'average_cost',
    'average_fees',
    'average_pnl',
    'recorded_pnl',
    'rate',
    'reporting_currency',
    'fifo_pnl_reporting',
    'average_pnl_reporting',
  ],
  transfers: ['time', 'entry_id', 'kind', 'reference', 'currency', 'available', 'frozen', 'total'],
};

/** Keyset pages of a query: `page(after)` answers the next rows after the last one's key. */
async function* pages<T, K>(page: (after: K | undefined) => Promise<T[]>, keyOf: (row: T) => K): AsyncGenerator<T> {
  let after: K | undefined;
  for (;;) {
    const rows = await page(after);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = keyOf(last);
  }
}

const iso = (value: Date | string) => new Date(value).toISOString();
const decimal = (value: string | null) => (value === null ? null : moneyString(value));
const inRange = (column: SQL, range: ExportRange) =>
  sql`${column} >= ${range.from.toISOString()}::timestamptz and ${column} < ${range.to.toISOString()}::timestamptz`;

async function* trades(db: Database, userId: number, range: ExportRange): AsyncGenerator<string> {
  for await (const row of merged(openings(db, userId, range), closingRows(db, userId, range), openingFirst)) {
    const close = 'position_id' in row;
    yield line([
      iso(row.at),
      close ? 'close' : 'open',
      close ? null : row.order_id,
      close ? row.position_id : row.id,
      close ? row.id : null,
      row.symbol,
      row.market,
      row.direction,
      row.quantity,
      decimal(row.price),
      decimal(row.fee),
      row.currency,
      close ? decimal(row.pnl) : null,
      row.reason,
    ]);
  }
}

type LedgerRow = {
  id: number;
  at: string | Date;
  entry_id: number;
  kind: string;
  reference: string;
  account: string;
  currency: string;
  amount: string;
  balance_after: string | null;
};

async function* ledger(db: Database, userId: number, range: ExportRange): AsyncGenerator<string> {
  const rows = pages<LedgerRow, number>(
    (after) =>
      queryRows<LedgerRow>(
        db,
        sql`select l.id, e.created_at as at, e.id as entry_id, e.kind, e.reference, l.account, l.currency,
              l.amount::text as amount, l.balance_after::text as balance_after
            from journal_lines l join journal_entries e on e.id = l.entry_id
            where l.user_id = ${userId} and ${inRange(sql`e.created_at`, range)}
              ${after === undefined ? sql`` : sql`and l.id > ${after}`}
            order by l.id limit ${batchSize}`,
      ),
    (row) => row.id,
  );
  for await (const row of rows) {
    yield line([
      iso(row.at),
      row.entry_id,
      row.kind,
      row.reference,
      row.account,
      row.currency,
      decimal(row.amount),
      decimal(row.balance_after),
    ]);
  }
}

type TransferRow = {
  id: number;
  at: string | Date;
  kind: string;
  reference: string;
  currency: string;
  available: string;
  frozen: string;
};

async function* transfers(db: Database, userId: number, range: ExportRange): AsyncGenerator<string> {
  const kinds = sql.join(
    transferKinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const rows = pages<TransferRow, { id: number; currency: string }>(
    (after) =>
      queryRows<TransferRow>(
        db,
        sql`select e.id, e.created_at as at, e.kind, e.reference, l.currency,
              coalesce(sum(l.amount) filter (where l.account = 'available'), 0)::text as available,
              coalesce(sum(l.amount) filter (where l.account = 'frozen'), 0)::text as frozen
            from journal_entries e join journal_lines l on l.entry_id = e.id and l.user_id = ${userId}
            where e.user_id = ${userId} and e.kind in (${kinds}) and ${inRange(sql`e.created_at`, range)}
              ${after ? sql`and (e.id, l.currency) > (${after.id}, ${after.currency})` : sql``}
            group by e.id, e.created_at, e.kind, e.reference, l.currency
            order by e.id, l.currency limit ${batchSize}`,
      ),
    (row) => ({ id: row.id, currency: row.currency }),
  );
  for await (const row of rows) {
    yield line([
      iso(row.at),
      row.id,
      row.kind,
      row.reference,
      row.currency,
      moneyString(row.available),
      moneyString(row.frozen),
      moneyString(new Money(row.available).add(row.frozen)),
    ]);
  }
}

async function* realised(db: Database, userId: number, range: ExportRange, reporting: string): AsyncGenerator<string> {
  const rates = await DayRates.load(db, reporting);
  for await (const closing of closings(db, userId, range.to)) {
    if (closing.time < range.from) continue;
    const day = closing.time.toISOString().slice(0, 10);
    yield line([
      closing.time.toISOString(),
      closing.id,
      closing.positionId,
      closing.symbol,
      closing.direction,
      closing.quantity,
      moneyString(closing.price),
      moneyString(closing.fee),
      closing.currency,
      moneyString(closing.proceeds),
      moneyString(closing.fifo.cost),
      moneyString(closing.fifo.fees),
      moneyString(closing.fifo.pnl),
      moneyString(closing.average.cost),
      moneyString(closing.average.fees),
      moneyString(closing.average.pnl),
      moneyString(closing.recorded),
      moneyString(rates.rate(day, closing.currency).toDecimalPlaces(12)),
      reporting,
      moneyString(rates.convert(closing.fifo.pnl, closing.currency, day)),
      moneyString(rates.convert(closing.average.pnl, closing.currency, day)),
    ]);
  }
}

/** The export's lines, header first, produced as they are read (never all rows at once). */
export async function* exportLines(
  db: Database,
  userId: number,
  kind: ExportKind,
  range: ExportRange,
  reporting: string,
): AsyncGenerator<string> {
  yield line(exportColumns[kind]);
  if (kind === 'trades') yield* trades(db, userId, range);
  else if (kind === 'ledger') yield* ledger(db, userId, range);
  else if (kind === 'transfers') yield* transfers(db, userId, range);
  else yield* realised(db, userId, range, reporting);
}
