import type { AccountValue } from '@soar/contract';
import Decimal from 'decimal.js';

export type LiveAccount = Pick<AccountValue, 'currency' | 'totalAssets' | 'positions' | 'netAssets' | 'todayPnl'>;

/**
 * The account value between the server's answers (docs/product.md, Account value: the server's
 * figure is authoritative, the page moves it with each tick for display). A tick carries the last
 * price only, so a position's mark keeps the spread the server answered with (mark = last +
 * server's mark - server's last); a long is worth its mark, a short its collateral plus floating
 * P/L, never below zero. The change of each position's value, converted at the answer's rates,
 * moves the positions, the totals and today's P/L alike.
 */
export function liveAccount(value: AccountValue, prices: Record<string, string>): LiveAccount {
  let change = new Decimal(0);
  for (const position of value.list) {
    const last = prices[position.symbol];
    if (last === undefined || position.mark === null || position.last === null) continue;
    const mark = new Decimal(last).plus(new Decimal(position.mark).minus(position.last));
    const quantity = new Decimal(position.quantity);
    const worth =
      position.direction === 'buy'
        ? mark.times(quantity)
        : Decimal.max(0, new Decimal(position.openPrice).times(2).minus(mark).times(quantity));
    const rate = value.rates[position.currency] ?? '0';
    change = change.plus(worth.minus(position.value).times(rate));
  }
  const moved = (figure: string) => new Decimal(figure).plus(change).toString();
  return {
    currency: value.currency,
    totalAssets: moved(value.totalAssets),
    positions: moved(value.positions),
    netAssets: moved(value.netAssets),
    todayPnl: value.todayPnl === null ? null : moved(value.todayPnl),
  };
}
