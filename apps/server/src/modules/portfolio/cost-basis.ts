import { Money } from '../../lib/decimal.ts';

/** A position opened (a lot) or a part of one closed, as trading recorded it. */
export type LotEvent =
  | {
      kind: 'open';
      id: number;
      time: Date;
      symbol: string;
      currency: string;
      direction: 'buy' | 'sell';
      quantity: number;
      price: Money;
      fee: Money;
    }
  | {
      kind: 'close';
      id: number;
      positionId: number;
      time: Date;
      symbol: string;
      currency: string;
      direction: 'buy' | 'sell';
      quantity: number;
      price: Money;
      fee: Money;
      /** The platform's own figure: this position's proceeds less its cost, closing fee included. */
      recorded: Money;
    };

export type Basis = { cost: Money; fees: Money; pnl: Money };

/** One closing with its P/L both ways (docs/trading.md, Cost basis). */
export type Closing = {
  id: number;
  positionId: number;
  time: Date;
  symbol: string;
  currency: string;
  direction: 'buy' | 'sell';
  quantity: number;
  price: Money;
  fee: Money;
  /** The closing trade's notional: quantity x close price. */
  proceeds: Money;
  recorded: Money;
  fifo: Basis;
  average: Basis;
};

type Lot = { quantity: number; price: Money; fee: Money };
type Pool = { lots: Lot[]; quantity: number; cost: Money; fees: Money };

/**
 * Cost basis by FIFO and by average cost, side by side (docs/trading.md, Cost basis). Longs and
 * shorts of a symbol are separate pools: a long's closing sells its oldest shares (FIFO) or
 * shares at the pool's average price and average opening fee; a short's closing buys back the
 * oldest shares sold short, or at their average. A closing's P/L is
 * (proceeds - cost) for a long and (cost - proceeds) for a short, less its own fee and the
 * opening fees of the shares it closes; each figure is rounded to the currency's minor units.
 */
export class CostBasisBook {
  readonly #pools = new Map<string, Pool>();

  constructor(private readonly decimalsOf: (currency: string) => number) {}

  #pool(symbol: string, direction: string): Pool {
    const key = `${symbol}\u0000${direction}`;
    let pool = this.#pools.get(key);
    if (!pool) {
      pool = { lots: [], quantity: 0, cost: new Money(0), fees: new Money(0) };
      this.#pools.set(key, pool);
    }
    return pool;
  }

  apply(event: LotEvent): Closing | undefined {
    const pool = this.#pool(event.symbol, event.direction);
    if (event.kind === 'open') {
      pool.lots.push({ quantity: event.quantity, price: event.price, fee: event.fee });
      pool.quantity += event.quantity;
      pool.cost = pool.cost.add(event.price.mul(event.quantity));
      pool.fees = pool.fees.add(event.fee);
      return undefined;
    }
    if (event.quantity > pool.quantity) {
      throw new Error(`closing ${event.quantity} ${event.symbol} of ${pool.quantity} held`);
    }
    const decimals = this.decimalsOf(event.currency);
    const round = (value: Money) => value.toDecimalPlaces(decimals, Money.ROUND_HALF_UP);
    const proceeds = round(event.price.mul(event.quantity));
    const sign = event.direction === 'buy' ? 1 : -1;
    const basis = (cost: Money, openingFees: Money): Basis => {
      const fees = round(event.fee.add(openingFees));
      const rounded = round(cost);
      return { cost: rounded, fees, pnl: proceeds.sub(rounded).mul(sign).sub(fees) };
    };

    let left = event.quantity;
    let fifoCost = new Money(0);
    let fifoFees = new Money(0);
    while (left > 0) {
      const lot = pool.lots[0];
      if (!lot) throw new Error('a closing without a lot');
      const taken = Math.min(left, lot.quantity);
      // A lot taken whole keeps no fee: no division (the common case, and the costly operation).
      const feeShare = taken === lot.quantity ? lot.fee : lot.fee.mul(taken).div(lot.quantity);
      fifoCost = fifoCost.add(lot.price.mul(taken));
      fifoFees = fifoFees.add(feeShare);
      lot.fee = lot.fee.sub(feeShare);
      lot.quantity -= taken;
      left -= taken;
      if (lot.quantity === 0) pool.lots.shift();
    }

    const whole = event.quantity === pool.quantity;
    const averageCost = whole ? pool.cost : pool.cost.mul(event.quantity).div(pool.quantity);
    const averageFees = whole ? pool.fees : pool.fees.mul(event.quantity).div(pool.quantity);
    pool.cost = pool.cost.sub(averageCost);
    pool.fees = pool.fees.sub(averageFees);
    pool.quantity -= event.quantity;

    return {
      id: event.id,
      positionId: event.positionId,
      time: event.time,
      symbol: event.symbol,
      currency: event.currency,
      direction: event.direction,
      quantity: event.quantity,
      price: event.price,
      fee: event.fee,
      proceeds,
      recorded: event.recorded,
      fifo: basis(fifoCost, fifoFees),
      average: basis(averageCost, averageFees),
    };
  }
}
