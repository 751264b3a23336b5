import { blockOrderQuantity, directions, type OrderInput, orderTypes, waitingFor } from '@soar/contract';
import { Money, moneyString } from '../../lib/decimal.ts';
import { assertTradable } from '../market/index.ts';
import { feeOf, fillSide, formatPx, pnlOf, priceOn } from './pricing.ts';
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
  // Break-even: the close price at which the proceeds, less a closing commission at the same
  // rate, return the whole total (opening fee included).
  const rate = new Money(fees.rate).mul(new Money(1).sub(fee.discount));
  const long = input.direction === directions.buy;
  const breakEven = long
    ? total.add(fee.platformFee).div(new Money(input.quantity).mul(new Money(1).sub(rate)))
    : notional
        .sub(fee.fee)
        .sub(fee.platformFee)
        .div(new Money(input.quantity).mul(new Money(1).add(rate)));
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
    breakEven: formatPx(instrument, breakEven),
    lossAtStopLoss: outcome(input.stopLoss),
    gainAtTakeProfit: outcome(input.takeProfit),
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
