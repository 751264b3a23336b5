import { describe, expect, it } from 'vitest';
import { Money } from '../../lib/decimal.ts';
import { type Closing, CostBasisBook, type LotEvent } from './cost-basis.ts';

let id = 0;
const at = (day: number) => new Date(Date.UTC(2026, 10, day, 15));
const open = (
  symbol: string,
  direction: 'buy' | 'sell',
  quantity: number,
  price: string,
  fee: string,
  day: number,
): LotEvent => ({
  kind: 'open',
  id: ++id,
  time: at(day),
  symbol,
  currency: 'USD',
  direction,
  quantity,
  price: new Money(price),
  fee: new Money(fee),
});
const close = (
  symbol: string,
  direction: 'buy' | 'sell',
  quantity: number,
  price: string,
  fee: string,
  day: number,
): LotEvent => ({
  kind: 'close',
  id: ++id,
  positionId: 0,
  time: at(day),
  symbol,
  currency: 'USD',
  direction,
  quantity,
  price: new Money(price),
  fee: new Money(fee),
  recorded: new Money(0),
});
const figures = (closing: Closing | undefined) =>
  closing && {
    proceeds: closing.proceeds.toFixed(),
    fifo: [closing.fifo.cost.toFixed(), closing.fifo.fees.toFixed(), closing.fifo.pnl.toFixed()],
    average: [closing.average.cost.toFixed(), closing.average.fees.toFixed(), closing.average.pnl.toFixed()],
  };

describe('cost basis by FIFO and by average cost (docs/trading.md, Cost basis)', () => {
  it('closes a long in two parts: the oldest shares first, or at the average price', () => {
    const book = new CostBasisBook(() => 2);
    book.apply(open('AAPL', 'buy', 10, '100', '1.50', 2));
    book.apply(open('AAPL', 'buy', 10, '110', '1.50', 3));
    // 15 at 120 (fee 2.00). FIFO: 10 at 100 and 5 at 110 = 1,550, opening fees 1.50 + 0.75.
    // Average: 15 x 105 = 1,575, opening fees 15/20 x 3.00 = 2.25.
    expect(figures(book.apply(close('AAPL', 'buy', 15, '120', '2.00', 4)))).toEqual({
      proceeds: '1800',
      fifo: ['1550', '4.25', '245.75'],
      average: ['1575', '4.25', '220.75'],
    });
    // The last 5 at 100 (fee 1.00): FIFO 5 at 110 with 0.75 of fees; average 5 x 105 with 0.75.
    expect(figures(book.apply(close('AAPL', 'buy', 5, '100', '1.00', 5)))).toEqual({
      proceeds: '500',
      fifo: ['550', '1.75', '-51.75'],
      average: ['525', '1.75', '-26.75'],
    });
    // Once everything is closed both ways agree: 245.75 - 51.75 = 220.75 - 26.75 = 194.
  });

  it('closes a short: its cost is what the shares were sold for, its proceeds what buying back paid', () => {
    const book = new CostBasisBook(() => 2);
    book.apply(open('TSLA', 'sell', 5, '200', '1.50', 2));
    book.apply(open('TSLA', 'sell', 5, '190', '1.50', 3));
    // Buy back 7 at 180 (fee 1.00). FIFO: 5 sold at 200 and 2 at 190 = 1,380, opening fees 1.50 + 0.60.
    // Average: 7 x 195 = 1,365, opening fees 7/10 x 3.00 = 2.10. P/L = cost - proceeds - fees.
    expect(figures(book.apply(close('TSLA', 'sell', 7, '180', '1.00', 4)))).toEqual({
      proceeds: '1260',
      fifo: ['1380', '3.1', '116.9'],
      average: ['1365', '3.1', '101.9'],
    });
  });

  it('keeps longs and shorts of a symbol apart and rounds to the currency’s minor units', () => {
    const book = new CostBasisBook((currency) => (currency === 'JPY' ? 0 : 2));
    book.apply(open('AAPL', 'buy', 3, '100.005', '1', 1));
    book.apply(open('AAPL', 'sell', 3, '50', '1', 1));
    // 1 of 3 at 101: cost 100.005 rounds to 100.01; opening fee 1/3 = 0.33 with the closing 0.50 -> 0.83.
    expect(figures(book.apply(close('AAPL', 'buy', 1, '101', '0.50', 2)))).toEqual({
      proceeds: '101',
      fifo: ['100.01', '0.83', '0.16'],
      average: ['100.01', '0.83', '0.16'],
    });
    expect(() => book.apply(close('AAPL', 'sell', 4, '40', '1', 2))).toThrow('closing 4 AAPL of 3 held');
  });
});
