import {
  type CloseReason,
  type Direction,
  directions,
  type FillReasonKey,
  type LanguageKey,
  type MemberRef,
  type OrderInput,
  type orderStatuses,
  orderTypes,
  positionStatuses,
  type waitingFor,
} from '@soar/contract';
import { translate } from '@soar/i18n';
import type Decimal from 'decimal.js';
import type { Database, Transaction } from '../../db/client.ts';
import type { blocktradeOffers, FillReasonRecord } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { type DecimalsOf, readableFillParams } from '../../lib/readable-params.ts';
import { type FeeRow, formatPx, pnlOf, stopOutPrice } from './pricing.ts';
import type { CloseRow, OrderRow, PositionRow, TradeService } from './service.ts';

type OfferRow = typeof blocktradeOffers.$inferSelect;

export const money = (value: Decimal.Value | null | undefined) =>
  value === null || value === undefined ? null : moneyString(value);

/** The reason an order filled or a position closed; its text shows the prices in `currency` as notices do. */
export function fillReasonView(
  reason: FillReasonRecord | null,
  lang: LanguageKey,
  currency: string,
  decimalsOf: DecimalsOf,
) {
  if (!reason) return null;
  const side = reason.params.side ? translate(lang, `trade.side.${reason.params.side}`) : '';
  const shown = readableFillParams(lang, reason.params, currency, decimalsOf);
  return {
    key: reason.key as FillReasonKey,
    params: reason.params,
    text: translate(lang, `trade.fill.${reason.key}`, { ...shown, side }),
  };
}

export function orderView(trade: TradeService, row: OrderRow, lang: LanguageKey) {
  const instrument = trade.deps.market.instrument(row.symbol);
  const filled = row.fillPrice !== null && row.fee !== null;
  return {
    id: row.id,
    symbol: row.symbol,
    name: instrument?.name ?? row.symbol,
    market: row.market,
    currency: row.currency,
    type: row.type as OrderInput['type'],
    direction: row.direction as Direction,
    quantity: row.quantity,
    limitPrice: money(row.limitPrice),
    stopPrice: money(row.type === orderTypes.trailingStop ? trailTrigger(row) : row.stopPrice),
    trailAmount: money(row.trailAmount),
    trailPercent: money(row.trailPercent),
    timeInForce: row.timeInForce as 'day' | 'gtc',
    stopLoss: money(row.stopLoss),
    takeProfit: money(row.takeProfit),
    status: row.status as (typeof orderStatuses)[keyof typeof orderStatuses],
    waitingFor: row.waitingFor as (typeof waitingFor)[keyof typeof waitingFor] | null,
    block: row.block,
    frozen: moneyString(row.frozen),
    fillPrice: money(row.fillPrice),
    fee: money(row.fee),
    total: filled ? moneyString(new Money(row.fillPrice as string).mul(row.quantity).add(row.fee as string)) : null,
    fillReason: fillReasonView(row.fillReason, lang, row.currency, trade.deps.decimalsOf),
    refuseReason: row.refuseReason,
    positionId: row.positionId,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    filledAt: row.filledAt?.toISOString() ?? null,
    doneAt: row.doneAt?.toISOString() ?? null,
  };
}

/** A trailing stop's trigger now: its best price less (or plus, for a buy) the trail. */
export function trailTrigger(
  row: Pick<OrderRow, 'direction' | 'trailBest' | 'trailAmount' | 'trailPercent'>,
): Money | null {
  if (row.trailBest === null) return null;
  const best = new Money(row.trailBest);
  const distance = row.trailAmount ? new Money(row.trailAmount) : best.mul(row.trailPercent ?? 0).div(100);
  return row.direction === directions.sell ? best.sub(distance) : best.add(distance);
}

export async function positionViews(trade: TradeService, rows: PositionRow[], db?: Database | Transaction) {
  const fees = new Map<string, FeeRow>();
  for (const market of new Set(rows.map((row) => row.market))) fees.set(market, await trade.feeRow(market, db));
  return rows.map((row) => {
    const live = trade.maybeQuoted(row.symbol);
    const direction = row.direction as Direction;
    const open = row.status === positionStatuses.open;
    const mark = live && open ? (direction === directions.buy ? live.quoted.bid : live.quoted.ask) : null;
    const cost = new Money(row.openPrice).mul(row.quantity);
    const floating = mark ? pnlOf(direction, row.openPrice, mark, row.quantity) : null;
    const ratio = fees.get(row.market)?.stopOutRatio;
    return {
      id: row.id,
      orderId: row.orderId,
      symbol: row.symbol,
      name: live?.instrument.name ?? row.symbol,
      market: row.market,
      currency: row.currency,
      direction,
      lotSize: row.lotSize,
      quantity: row.quantity,
      openedQuantity: row.openedQuantity,
      openPrice: moneyString(row.openPrice),
      openFee: moneyString(row.openFee),
      cost: moneyString(cost),
      stopLoss: money(row.stopLoss),
      takeProfit: money(row.takeProfit),
      status: row.status as 'open' | 'closed',
      closeReason: row.closeReason as CloseReason | null,
      last: live ? moneyString(live.quoted.last) : null,
      bid: live ? moneyString(live.quoted.bid) : null,
      ask: live ? moneyString(live.quoted.ask) : null,
      markPrice: money(mark),
      marketValue: mark ? moneyString(mark.mul(row.quantity)) : null,
      floatingPnl: money(floating),
      floatingPnlPercent:
        floating && !cost.isZero()
          ? floating.div(cost).mul(100).toDecimalPlaces(2).toFixed(2)
          : floating
            ? '0.00'
            : null,
      realisedPnl: moneyString(row.realisedPnl),
      closedQuantity: row.closedQuantity,
      stopOutPrice:
        direction === directions.sell && ratio && live
          ? formatPx(live.instrument, stopOutPrice(row.openPrice, ratio))
          : null,
      openedAt: row.openedAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
    };
  });
}

export function closeView(trade: TradeService, row: CloseRow, position: PositionRow, lang: LanguageKey) {
  const instrument = trade.deps.market.instrument(position.symbol);
  const reason = fillReasonView(row.fillReason, lang, position.currency, trade.deps.decimalsOf);
  if (!reason) throw new Error('a close without its reason');
  return {
    id: row.id,
    positionId: row.positionId,
    symbol: position.symbol,
    name: instrument?.name ?? position.symbol,
    market: position.market,
    currency: position.currency,
    direction: position.direction as Direction,
    quantity: row.quantity,
    openPrice: moneyString(position.openPrice),
    closePrice: moneyString(row.closePrice),
    fee: moneyString(row.fee),
    openFee: moneyString(row.openFee),
    realisedPnl: moneyString(row.realisedPnl),
    proceeds: moneyString(row.proceeds),
    reason: row.reason as CloseReason,
    fillReason: reason,
    closedAt: row.closedAt.toISOString(),
  };
}

export function feeView(row: FeeRow) {
  return {
    market: row.market,
    currency: row.currency,
    rate: moneyString(row.rate),
    minimum: moneyString(row.minimum),
    platformFee: moneyString(row.platformFee),
    vipDiscounts: row.vipDiscounts.map((step) => ({ level: step.level, discount: moneyString(step.discount) })),
    stopOutRatio: moneyString(row.stopOutRatio),
  };
}

export function adminView(
  trade: TradeService,
  row: OrderRow,
  member: MemberRef,
  lang: LanguageKey,
  offer: OfferRow | null,
) {
  return {
    ...orderView(trade, row, lang),
    userId: row.userId,
    member,
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    offer: offer && {
      id: offer.id,
      symbol: offer.symbol,
      price: offer.price === null ? null : moneyString(offer.price),
      discount: offer.discount === null ? null : moneyString(offer.discount),
    },
  };
}
