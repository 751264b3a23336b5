import { maxBalance, orderStatuses, positionStatuses } from '@soar/contract';
import { queryText } from '../../db/client.ts';
import type { FillReasonRecord } from '../../db/schema/index.ts';
import { type Money, moneyString } from '../../lib/decimal.ts';
import type { Instrument } from '../../market/instrument.ts';
import type { Book } from '../ledger/index.ts';
import { emitFilled } from './placement.ts';
import { type FeeRow, feeOf } from './pricing.ts';
import type { OrderRow, PositionRow, TradeService } from './service.ts';

/** An order that fills now: at which price and why. */
export type Execution = { order: OrderRow; instrument: Instrument; price: Money; reason: FillReasonRecord };

/**
 * Some members' balances cannot take their fills of a batch in order: nothing of the batch was
 * written (the caller rolls the transaction back), and the caller fills those members' orders one
 * by one to find the one that cannot be covered.
 */
export class BatchRefused extends Error {
  constructor(readonly userIds: number[]) {
    super(`the balances of members ${userIds.join(', ')} cannot cover their fills`);
    this.name = 'BatchRefused';
  }
}

/**
 * A batch's fills in ONE statement, each order exactly as `fill` (placement.ts) writes it:
 * - `pending`: the orders still pending, locked (one a racing cancel moved first is left out, as
 *   `fill` leaves it), with what was frozen for each as the row holds it now; each looked up and
 *   locked by its id in the batch's order (a locking subquery is never merged into a join: joined
 *   on the id, PostgreSQL read every pending order of every symbol through the pending index);
 * - `held`: their members' balance rows, locked after the orders and in the ledger's order (user
 *   id, then currency), as `Book.post` locks them;
 * - `running`: each fill's `trade_open` entry applied in the batch's order (frozen released, the
 *   rest from available), with each balance after it; `refused` names every member whose balance
 *   would leave [0, maxBalance] at some entry (or who holds no row in the currency), and then
 *   nothing at all is written;
 * - the writes: the orders filled (each taking its position's id), the positions, one update per
 *   balance row with the batch's sum (under the ledger's guards), the journal entries (one per
 *   fill, ids in the batch's order) and their lines (zero lines left out, as `post` does; member
 *   lines with their balance after), the `orderFilled` notices. Positions, entries and notices
 *   take their ids from their sequences in `numbered`, so each fill's ids come back without
 *   joining what was written (matching notices to orders by reference was a quadratic join).
 *   The guarded updates are counted (an insert writes every row it selects or fails).
 * The arithmetic is PostgreSQL's numeric, exact as decimal.js is for numeric(24,8).
 */
const fillStatement = `with f as (
    select * from jsonb_to_recordset($1::jsonb)
      as f(n integer, id integer, price text, fee text, reason jsonb, lot_size integer)
  ), pending as (
    select f.n, o.id, o.user_id, o.symbol, o.market, o.currency, o.direction, o.quantity, o.stop_loss,
      o.take_profit, o.frozen, f.price, f.fee, f.reason, f.lot_size, f.price::numeric * o.quantity as notional
    from (select * from f order by n) f cross join lateral (
      select * from trade_orders o where o.id = f.id and o.status = '${orderStatuses.pending}' for update
    ) o
  ), held as (
    select b.user_id, b.currency, b.available, b.frozen
    from balances b join (select distinct user_id, currency from pending) k
      on b.user_id = k.user_id and b.currency = k.currency
    order by b.user_id, b.currency for update of b
  ), running as (
    select p.*, p.frozen - p.notional - p.fee::numeric as released,
      h.available + sum(p.frozen - p.notional - p.fee::numeric) over w as available_after,
      h.frozen - sum(p.frozen) over w as frozen_after
    from pending p left join held h on h.user_id = p.user_id and h.currency = p.currency
    window w as (partition by p.user_id, p.currency order by p.n rows unbounded preceding)
  ), refused as (
    select distinct user_id from running
    where available_after is null or available_after < 0 or frozen_after < 0
      or available_after > $3::numeric or frozen_after > $3::numeric
  ), numbered as materialized (
    select r.*, nextval('trade_positions_id_seq') as position_id, nextval('journal_entries_id_seq') as entry_id,
      nextval('notices_id_seq') as notice_id
    from running r where not exists (select 1 from refused) order by r.n
  ), moved as (
    update trade_orders o set status = '${orderStatuses.filled}', waiting_for = null, frozen = 0,
      fill_price = r.price::numeric, fee = r.fee::numeric, fill_reason = r.reason, filled_at = $2::timestamptz,
      done_at = $2::timestamptz, position_id = r.position_id
    from numbered r where o.id = r.id
    returning o.id
  ), opened as (
    insert into trade_positions (id, user_id, order_id, symbol, market, currency, direction, lot_size, quantity,
      opened_quantity, open_price, open_fee, stop_loss, take_profit, status, created_at)
    select position_id, user_id, id, symbol, market, currency, direction, lot_size, quantity, quantity,
      price::numeric, fee::numeric, stop_loss, take_profit, '${positionStatuses.open}', $2::timestamptz
    from numbered order by n
    returning id
  ), totals as (
    select user_id, currency, sum(released) as available, -sum(frozen) as frozen
    from numbered group by user_id, currency
  ), updated as (
    update balances b set available = b.available + t.available, frozen = b.frozen + t.frozen, updated_at = now()
    from totals t
    where b.user_id = t.user_id and b.currency = t.currency
      and b.available + t.available >= 0 and b.frozen + t.frozen >= 0
      and b.available + t.available <= $3::numeric and b.frozen + t.frozen <= $3::numeric
    returning b.user_id
  ), entries as (
    insert into journal_entries (id, kind, reference, user_id, created_at)
    select entry_id, 'trade_open', 'order:' || id, user_id, $2::timestamptz from numbered order by n
    returning id
  ), lines as (
    insert into journal_lines (entry_id, account, user_id, currency, amount, balance_after, created_at)
    select r.entry_id, l.account, l.user_id, r.currency, l.amount, l.after, $2::timestamptz
    from numbered r cross join lateral (values
        (1, 'frozen', r.user_id, -r.frozen, r.frozen_after),
        (2, 'available', r.user_id, r.released, r.available_after),
        (3, 'platform:trading', null, r.notional, null),
        (4, 'platform:fees', null, r.fee::numeric, null)
      ) as l(at, account, user_id, amount, after)
    where l.amount <> 0
    order by r.n, l.at
    returning id
  ), noticed as (
    insert into notices (id, user_id, kind, params, reference)
    select notice_id, user_id, 'orderFilled', jsonb_build_object('quantity', quantity, 'symbol', symbol, 'price', price,
        'fee', fee, 'currency', currency, 'direction', direction), 'order:' || id
    from numbered order by n
    returning id
  )
  select 'refused' as row, user_id as id, null::integer as position_id, null::integer as notice_id from refused
  union all
  select 'filled', id, position_id::integer, notice_id::integer from numbered
  union all
  select 'counts', (select count(*) from moved)::integer, (select count(*) from totals)::integer,
    (select count(*) from updated)::integer`;

type Row = { row: 'refused' | 'filled' | 'counts'; id: number; position_id: number | null; notice_id: number | null };

/**
 * Fills many pending orders inside `book`'s transaction in one statement (`fillStatement`). Throws
 * `BatchRefused` when a member's balance cannot cover their fills: nothing was written, the caller
 * rolls back and fills that member's orders one by one.
 */
export async function fillMany(
  trade: TradeService,
  book: Book,
  executions: Execution[],
  now: Date,
  vips: Map<number, number>,
): Promise<{ order: OrderRow; position: PositionRow | null }[]> {
  const schedules = new Map<string, FeeRow>();
  const fills: { n: number; id: number; price: string; fee: string; reason: FillReasonRecord; lot_size: number }[] = [];
  for (const [index, { order, instrument, price, reason }] of executions.entries()) {
    let schedule = schedules.get(order.market);
    if (!schedule) {
      schedule = await trade.feeRow(order.market, book.tx);
      schedules.set(order.market, schedule);
    }
    const fee = feeOf(schedule, vips.get(order.userId) ?? 0, price.mul(order.quantity)).fee;
    fills.push({
      n: index + 1,
      id: order.id,
      price: moneyString(price),
      fee: moneyString(fee),
      reason,
      lot_size: instrument.lotSize,
    });
  }
  const rows = await queryText<Row>(book.tx, fillStatement, [JSON.stringify(fills), now.toISOString(), maxBalance]);
  const refused = rows.filter((row) => row.row === 'refused').map((row) => row.id);
  if (refused.length > 0) throw new BatchRefused(refused.sort((a, b) => a - b));
  const counts = rows.find((row) => row.row === 'counts');
  const written = new Map(rows.filter((row) => row.row === 'filled').map((row) => [row.id, row]));
  if (!counts || counts.id !== written.size || counts.position_id !== counts.notice_id) {
    throw new Error('a batch of fills was not written whole');
  }

  const results: { order: OrderRow; position: PositionRow | null }[] = [];
  executions.forEach(({ order: pending, instrument }, index) => {
    const row = written.get(pending.id);
    const fill = fills[index];
    if (!row || row.position_id === null || row.notice_id === null || !fill) {
      results.push({ order: pending, position: null });
      return;
    }
    const positionId = row.position_id;
    const order: OrderRow = {
      ...pending,
      status: orderStatuses.filled,
      waitingFor: null,
      frozen: '0',
      fillPrice: fill.price,
      fee: fill.fee,
      fillReason: fill.reason,
      filledAt: now,
      doneAt: now,
      positionId,
    };
    const position: PositionRow = {
      id: positionId,
      userId: order.userId,
      orderId: order.id,
      symbol: order.symbol,
      market: order.market,
      currency: order.currency,
      direction: order.direction,
      lotSize: instrument.lotSize,
      quantity: order.quantity,
      openedQuantity: order.quantity,
      openPrice: fill.price,
      openFee: fill.fee,
      stopLoss: order.stopLoss,
      takeProfit: order.takeProfit,
      status: positionStatuses.open,
      closeReason: null,
      realisedPnl: '0',
      closedQuantity: 0,
      openedAt: now,
      closedAt: null,
    };
    book.touched.set(`${order.userId}:${order.currency}`, { userId: order.userId, currency: order.currency });
    book.emit('notice', { userId: order.userId, id: row.notice_id });
    emitFilled(book, order, position);
    results.push({ order, position });
  });
  return results;
}
