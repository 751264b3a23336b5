import { blockOrderQuantity, directions, type OrderInput, orderTypes, waitingFor } from '@soar/contract';
import { Money, moneyString } from '../../lib/decimal.ts';
import { priceDecimals } from '../../market/instrument.ts';
import { assertTradable } from '../market/index.ts';
import { type FeeRow, feeOf, fillSide, formatPx, pnlOf, priceOn, stopOutPrice } from './pricing.ts';
import { freezeOf, immediateFill, validate } from './rules.ts';
import type { TradeService } from './service.ts';

export async function preview(trade: TradeService, userId: number, input: OrderInput) {
  const instrument = trade.instrument(input.symbol);
  const quoted = trade.quoted(instrument);
  validate(input, instrument, quoted);
  await assertTradable(trade.db, instrument.symbol);
  const session = trade.session(instrument);
  const fees = await trade.feeRow(instrument.market);
  const vip = await trade.vipLevel(userId);
  const side = fillSide(input.direction);
  const marketPrice = priceOn(side, quoted);
  const block = input.quantity >= blockOrderQuantity;
  const fill = immediateFill(input, instrument, quoted, session.state === 'open');
  const estimate =
    fill?.price ??
    (input.type === orderTypes.limit || input.type === orderTypes.stopLimit
      ? new Money(input.limitPrice ?? marketPrice)
      : input.type === orderTypes.stop
        ? new Money(input.stopPrice ?? marketPrice)
        : marketPrice);
  const notional = estimate.mul(input.quantity);
  const fee = feeOf(fees, vip, notional);
  const total = notional.add(fee.fee);
  const fundsNeeded = fill ? total : freezeOf(input, quoted, fees, vip);
  const available = await trade.available(userId, instrument.currency);
  const breakEven = breakEvenOf(input.direction, input.quantity, notional, fee, fees);
  const long = input.direction === directions.buy;
  const outcome = (exit: string | undefined) => {
    if (!exit) return null;
    const closeFee = feeOf(fees, vip, new Money(exit).mul(input.quantity)).fee;
    return moneyString(pnlOf(input.direction, estimate, exit, input.quantity).sub(fee.fee).sub(closeFee));
  };
  const waiting = fill
    ? null
    : block
      ? waitingFor.review
      : session.state === 'open'
        ? waitingFor.price
        : waitingFor.session;
  return {
    symbol: instrument.symbol,
    name: instrument.name,
    market: instrument.market,
    currency: instrument.currency,
    type: input.type,
    direction: input.direction,
    quantity: input.quantity,
    lotSize: instrument.lotSize,
    last: moneyString(quoted.last),
    bid: moneyString(quoted.bid),
    ask: moneyString(quoted.ask),
    price: moneyString(estimate),
    notional: moneyString(notional),
    fee: moneyString(fee.fee),
    feeBreakdown: fee.breakdown,
    total: moneyString(total),
    fundsNeeded: moneyString(fundsNeeded),
    available: moneyString(available),
    availableAfter: moneyString(available.sub(fundsNeeded)),
    sufficient: available.gte(fundsNeeded),
    breakEven: breakEven.toFixed(priceDecimals(instrument), long ? Money.ROUND_UP : Money.ROUND_DOWN),
    lossAtStopLoss: outcome(input.stopLoss),
    gainAtTakeProfit: outcome(input.takeProfit),
    stopOutRatio: moneyString(fees.stopOutRatio),
    stopOutPrice: long ? null : formatPx(instrument, stopOutPrice(estimate, fees.stopOutRatio)),
    block,
    fillsNow: Boolean(fill),
    waitingFor: waiting,
    expiresAt: input.timeInForce === 'day' ? trade.expiryOf(instrument, trade.now()).toISOString() : null,
    session: {
      market: session.market,
      timezone: session.timezone,
      state: session.state,
      alwaysOpen: session.alwaysOpen,
      nextOpen: session.nextOpen,
      nextClose: session.nextClose,
    },
  };
}

/**
 * The close price at which the whole round trip nets zero: opening fee, and a closing fee as the
 * schedule will charge it (the minimum commission when the close is small, the rate otherwise,
 * plus the platform fee). A long needs `price x q - closingFee = total`, a short
 * `price x q + closingFee = notional - openingFee`; the minimum holds while `price x q x rate`
 * stays below it.
 */
export function breakEvenOf(
  direction: string,
  quantity: number,
  notional: Money,
  opening: ReturnType<typeof feeOf>,
  fees: FeeRow,
): Money {
  const rate = new Money(fees.rate).mul(new Money(1).sub(opening.discount));
  const minimum = new Money(fees.minimum);
  const platform = new Money(fees.platformFee);
  const long = direction === directions.buy;
  const target = long ? notional.add(opening.fee) : notional.sub(opening.fee);
  const flat = minimum.add(platform);
  const atMinimum = (long ? target.add(flat) : target.sub(flat)).div(quantity);
  if (atMinimum.mul(quantity).mul(rate).lte(minimum)) return atMinimum;
  const withRate = long
    ? target.add(platform).div(new Money(1).sub(rate))
    : target.sub(platform).div(new Money(1).add(rate));
  return withRate.div(quantity);
}
