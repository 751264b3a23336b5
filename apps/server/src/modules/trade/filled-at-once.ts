import { orderStatuses, positionStatuses } from '@soar/contract';
import { getTableColumns } from 'drizzle-orm';
import { queryText } from '../../db/client.ts';
import { tableRow } from '../../db/rows.ts';
import { type FillReasonRecord, tradeOrders, tradePositions } from '../../db/schema/index.ts';
import { type Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import type { Instrument } from '../../market/instrument.ts';
import type { Book } from '../ledger/index.ts';
import { type FeeRow, feeOf } from './pricing.ts';

export type OrderBase = Omit<typeof tradeOrders.$inferInsert, 'status'> & { createdAt: Date; expiresAt: Date | null };

const positionColumns = Object.values(getTableColumns(tradePositions))
  .map((column) => `opened.${column.name} as "position.${column.name}"`)
  .join(', ');

/**
 * The statement of an order that fills as it is placed, a constant text (prepared once per
 * connection, not built on every call): the fee of each VIP step comes as two arrays, $23 the
 * steps' levels and $24 their fees; the fill price is $19 as numeric and $25 as the notice's text.
 */
const filledStatement = `with context as (
    select exists (select 1 from instruments where symbol = $2 and suspended_at is not null) as suspended,
      coalesce((select vip_level from users where id = $1), 0) as vip
  ), priced as (
    select (select step.fee from unnest($23::integer[], $24::text[]) as step(level, fee)
            where step.level <= context.vip order by step.level desc limit 1) as fee
    from context where not context.suspended
  ), placed as (
    insert into trade_orders (user_id, symbol, market, currency, type, direction, quantity, limit_price,
      stop_price, trail_amount, trail_percent, trail_best, time_in_force, stop_loss, take_profit, block,
      expires_at, created_at, status, frozen, fill_price, fee, fill_reason, filled_at, done_at, position_id)
    select $1::integer, $2::text, $3::text, $4::text, $5::text, $6::text, $7::integer, $8::numeric,
      $9::numeric, $10::numeric, $11::numeric, $12::numeric, $13::text, $14::numeric, $15::numeric, $16::boolean,
      $17::timestamptz, $18::timestamptz, '${orderStatuses.filled}', 0, $19::numeric, priced.fee::numeric,
      $20::jsonb, $21::timestamptz, $21::timestamptz, nextval('trade_positions_id_seq')
    from priced
    returning *
  ), opened as (
    insert into trade_positions (id, user_id, order_id, symbol, market, currency, direction, lot_size, quantity,
      opened_quantity, open_price, open_fee, stop_loss, take_profit, status, created_at)
    select position_id, user_id, id, symbol, market, currency, direction, $22::integer,
      quantity, quantity, fill_price, fee, stop_loss, take_profit, '${positionStatuses.open}', $21::timestamptz
    from placed
    returning *
  ), noticed as (
    insert into notices (user_id, kind, params, reference)
    select user_id, 'orderFilled', jsonb_build_object('quantity', quantity, 'symbol', symbol,
        'price', $25::text, 'fee', priced.fee, 'currency', currency, 'direction', direction), 'order:' || id
    from placed, priced
    returning id
  )
  select context.suspended, placed.*, ${positionColumns}, noticed.id as notice_id
  from context left join placed on true left join opened on true left join noticed on true`;

/**
 * An order that fills as it is placed, in ONE statement: the suspension check (a suspension
 * committed before it is never missed, as `assertTradable`), the order written already filled,
 * its position under the id the order took for it, and the notice of the fill. The fee depends on
 * the member's VIP level, which the statement reads: the fee of each VIP step of the schedule is
 * computed here (`feeOf`) and the statement takes the step at or below the member's level.
 */
export async function writeFilled(
  book: Book,
  base: OrderBase,
  instrument: Instrument,
  fill: { price: Money; reason: FillReasonRecord },
  fees: FeeRow,
  now: Date,
) {
  const notional = fill.price.mul(base.quantity);
  const levels = [0, ...fees.vipDiscounts.map((step) => step.level).filter((level) => level > 0)];
  const price = moneyString(fill.price);
  const [row] = await queryText<Record<string, unknown> & { suspended: boolean; notice_id: number | null }>(
    book.tx,
    filledStatement,
    [
      base.userId,
      base.symbol,
      base.market,
      base.currency,
      base.type,
      base.direction,
      base.quantity,
      base.limitPrice,
      base.stopPrice,
      base.trailAmount,
      base.trailPercent,
      base.trailBest,
      base.timeInForce,
      base.stopLoss,
      base.takeProfit,
      base.block,
      base.expiresAt?.toISOString() ?? null,
      base.createdAt.toISOString(),
      price,
      JSON.stringify(fill.reason),
      now.toISOString(),
      instrument.lotSize,
      levels,
      levels.map((level) => moneyString(feeOf(fees, level, notional).fee)),
      price,
    ],
  );
  if (row?.suspended) throw new AppError('INSTRUMENT_SUSPENDED', undefined, { symbol: base.symbol });
  if (!row || row.notice_id === null) throw new Error('the filled order was not written');
  return {
    order: tableRow(tradeOrders, row),
    position: tableRow(tradePositions, row, 'position.'),
    noticeId: row.notice_id,
  };
}
