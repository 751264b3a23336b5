import { type CurrencyRate, convert, crossRate } from '../../core/currency.ts';
import { Money } from '../../lib/decimal.ts';
import type { HeldPosition, Holdings } from './holdings.ts';

/** A position's prices: the last trade and the sides trading closes at (docs/trading.md, Prices). */
export type Mark = { last: Money; bid: Money; ask: Money };
export type Marks = (symbol: string) => Mark | undefined;

export type ValuedPosition = HeldPosition & { last: Money | null; mark: Money | null; value: Money };

/** Every figure in `currency`, rounded to its minor units; the parts add up to the totals exactly. */
export type Valuation = {
  currency: string;
  cash: Money;
  positions: Money;
  funds: Money;
  ipoEscrow: Money;
  totalAssets: Money;
  loans: Money;
  netAssets: Money;
  buyingPower: Money;
  list: ValuedPosition[];
  /** Units of `currency` for one unit of each currency held. */
  rates: Map<string, Money>;
  /** Total assets per currency held, in that currency (allocation by currency). */
  assetsByCurrency: Map<string, Money>;
};

/**
 * A position at market (docs/product.md, Account value): a long is worth its quantity at the bid,
 * the price it would close at; a short its collateral (quantity x open price) plus its floating
 * P/L at the ask, never below zero (closing pays out no less than nothing). Without a price it
 * counts at cost. Closing fees are not deducted.
 */
export function positionValue(position: HeldPosition, mark: Mark | undefined): ValuedPosition {
  if (!mark) return { ...position, last: null, mark: null, value: position.openPrice.mul(position.quantity) };
  if (position.direction === 'buy') {
    return { ...position, last: mark.last, mark: mark.bid, value: mark.bid.mul(position.quantity) };
  }
  const collateral = position.openPrice.mul(position.quantity);
  const floating = position.openPrice.sub(mark.ask).mul(position.quantity);
  return { ...position, last: mark.last, mark: mark.ask, value: Money.max(0, collateral.add(floating)) };
}

/** Values `holdings` in `target` at `marks` and the currency list's `rates`. */
export function valueHoldings(
  holdings: Holdings,
  marks: Marks,
  rates: Map<string, CurrencyRate>,
  target: string,
): Valuation {
  const decimals = rates.get(target)?.decimals ?? 2;
  const sums = {
    cash: new Map<string, Money>(),
    positions: new Map<string, Money>(),
    funds: new Map<string, Money>(),
    ipoEscrow: new Map<string, Money>(),
    loans: new Map<string, Money>(),
    available: new Map<string, Money>(),
  };
  const add = (map: Map<string, Money>, currency: string, amount: Money) =>
    map.set(currency, (map.get(currency) ?? new Money(0)).add(amount));
  for (const row of holdings.cash) {
    add(sums.cash, row.currency, row.available.add(row.frozen));
    add(sums.available, row.currency, row.available);
  }
  const list = holdings.positions.map((position) => positionValue(position, marks(position.symbol)));
  for (const position of list) add(sums.positions, position.currency, position.value);
  for (const row of holdings.funds) add(sums.funds, row.currency, row.principal.add(row.profit));
  for (const row of holdings.ipoEscrow) add(sums.ipoEscrow, row.currency, row.amount);
  for (const row of holdings.loans) add(sums.loans, row.currency, row.owed);

  const inTarget = (map: Map<string, Money>) => {
    let total = new Money(0);
    for (const [currency, amount] of map) total = total.add(convert(rates, amount, currency, target));
    return total.toDecimalPlaces(decimals, Money.ROUND_HALF_UP);
  };
  const cash = inTarget(sums.cash);
  const positions = inTarget(sums.positions);
  const funds = inTarget(sums.funds);
  const ipoEscrow = inTarget(sums.ipoEscrow);
  const loans = inTarget(sums.loans);
  const totalAssets = cash.add(positions).add(funds).add(ipoEscrow);

  const held = new Set<string>([target]);
  const assetsByCurrency = new Map<string, Money>();
  for (const map of [sums.cash, sums.positions, sums.funds, sums.ipoEscrow]) {
    for (const [currency, amount] of map) {
      held.add(currency);
      add(assetsByCurrency, currency, amount);
    }
  }
  for (const currency of sums.loans.keys()) held.add(currency);
  const rateMap = new Map([...held].sort().map((currency) => [currency, crossRate(rates, currency, target)]));
  return {
    currency: target,
    cash,
    positions,
    funds,
    ipoEscrow,
    totalAssets,
    loans,
    netAssets: totalAssets.sub(loans),
    buyingPower: inTarget(sums.available),
    list,
    rates: rateMap,
    assetsByCurrency,
  };
}
