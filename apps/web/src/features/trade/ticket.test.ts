import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  defaultAction,
  isBlock,
  kindOf,
  newTicket,
  protectionProblems,
  quantityProblem,
  stepQuantity,
  ticketFromQuery,
  ticketProblems,
  ticketQuery,
  toCloseBody,
  toOrderInput,
} from './ticket.ts';

const keys = (problems: { key: string }[]) => problems.map((problem) => problem.key);

describe('the order ticket', () => {
  it('sends only the prices its type takes, trailing stops as one contract type', () => {
    const ticket = { ...newTicket('0700', 'buy', 100), limitPrice: '301.2', stopPrice: '299', trailPercent: '2.5' };
    expect(toOrderInput({ ...ticket, kind: 'market' })).toEqual({
      symbol: '0700',
      type: 'market',
      direction: 'buy',
      quantity: 100,
      timeInForce: 'day',
    });
    expect(toOrderInput({ ...ticket, kind: 'stopLimit', stopLoss: ' 280 ' })).toMatchObject({
      type: 'stopLimit',
      stopPrice: '299',
      limitPrice: '301.2',
      stopLoss: '280',
    });
    const trailing = toOrderInput({ ...ticket, kind: 'trailingPercent' });
    expect(trailing).toMatchObject({ type: 'trailingStop', trailPercent: '2.5' });
    expect(trailing).not.toHaveProperty('trailAmount');
    expect(kindOf({ type: 'trailingStop', trailPercent: '2.5' })).toBe('trailingPercent');
    expect(kindOf({ type: 'trailingStop', trailPercent: null })).toBe('trailingAmount');
  });

  it('travels to the confirmation page and back unchanged; a broken query is no order', () => {
    const ticket = {
      ...newTicket('AAPL', 'short'),
      kind: 'limit' as const,
      quantity: '30',
      limitPrice: '190.5',
      takeProfit: '180',
    };
    const query = Object.fromEntries(new URLSearchParams(ticketQuery(ticket)));
    expect(ticketFromQuery(query)).toEqual(ticket);
    expect(ticketFromQuery({ ...query, quantity: '1.5' })).toBeUndefined();
    expect(ticketFromQuery({ ...query, kind: 'iceberg' })).toBeUndefined();
    expect(ticketFromQuery({ ...query, action: 'long' })).toBeUndefined();
    expect(ticketFromQuery({ ...query, quantity: '-3' })).toBeUndefined();
    expect(ticketFromQuery({})).toBeUndefined();
  });

  it('steps by the board lot and snaps a typed quantity to it', () => {
    expect(stepQuantity('100', 100, 1)).toBe('200');
    expect(stepQuantity('100', 100, -1)).toBe('100');
    expect(stepQuantity('250', 100, 1)).toBe('300');
    expect(stepQuantity('250', 100, -1)).toBe('200');
    expect(stepQuantity('', 500, 1)).toBe('500');
    expect(stepQuantity('2.5', 1, 1)).toBe('1');
  });

  it('asks for a whole multiple of the lot and positive prices for the fields its type shows', () => {
    const ticket = { ...newTicket('0700', 'buy', 100), kind: 'stopLimit' as const, quantity: '150', stopPrice: '0' };
    expect(keys(ticketProblems(ticket, 100))).toEqual([
      'trading.validation.quantity',
      'trading.validation.price',
      'trading.validation.price',
    ]);
    expect(ticketProblems({ ...ticket, quantity: '200', stopPrice: '310', limitPrice: '311,5' }, 100)).toEqual([]);
    expect(
      keys(ticketProblems({ ...ticket, kind: 'trailingPercent', quantity: '100', trailPercent: '100' }, 100)),
    ).toEqual(['trading.validation.percent']);
  });

  it('puts the stop loss and take profit on the right side of the price for each direction', () => {
    expect(protectionProblems('buy', { stopLoss: '95', takeProfit: '110' }, '100')).toEqual([]);
    expect(keys(protectionProblems('buy', { stopLoss: '101', takeProfit: '99' }, '100'))).toEqual([
      'trading.validation.stopLossBuy',
      'trading.validation.takeProfitBuy',
    ]);
    expect(protectionProblems('sell', { stopLoss: '105', takeProfit: '90' }, '100')).toEqual([]);
    expect(keys(protectionProblems('sell', { stopLoss: '100', takeProfit: '100' }, '100'))).toEqual([
      'trading.validation.stopLossSell',
      'trading.validation.takeProfitSell',
    ]);
    // Without a price yet only the shape is checked; empty fields are no protection at all.
    expect(protectionProblems('buy', { stopLoss: '101', takeProfit: '' }, null)).toEqual([]);
    expect(keys(protectionProblems('buy', { stopLoss: 'abc', takeProfit: '' }, '100'))).toEqual([
      'trading.validation.price',
    ]);
  });

  it('never rewrites a typed quantity or price: it says what is wrong with it', () => {
    const problemOf = (typed: string, lot = 1, held?: number) => quantityProblem(typed, lot, held);
    expect(problemOf('2.5')?.key).toBe('trading.validation.wholeShares');
    expect(problemOf('-3')?.key).toBe('trading.validation.wholeShares');
    expect(problemOf('1e3')?.key).toBe('trading.validation.wholeShares');
    expect(problemOf('')?.key).toBe('trading.validation.noQuantity');
    expect(problemOf('0')?.key).toBe('trading.validation.noQuantity');
    expect(problemOf('999999999')).toEqual({
      field: 'quantity',
      key: 'trading.validation.tooMany',
      params: { max: 100_000_000 },
    });
    expect(problemOf('150', 100)?.params).toEqual({ lot: 100 });
    expect(problemOf('300', 100, 200)?.key).toBe('trading.validation.moreThanHeld');
    expect(problemOf('200', 100, 200)).toBeUndefined();
    const limit = { ...newTicket('AAPL', 'buy'), kind: 'limit' as const };
    for (const typed of ['1e9', '-3', '12.3.4', 'abc']) {
      expect(keys(ticketProblems({ ...limit, limitPrice: typed }, 1)), typed).toEqual(['trading.validation.price']);
    }
    expect(toOrderInput({ ...limit, limitPrice: '12,5' }).limitPrice).toBe('12.5');
  });

  it('Sell closes a long holding and Buy covers a short one; opening a short is its own action', () => {
    expect(defaultAction('sell', { long: 10, short: 0 })).toBe('sell');
    expect(defaultAction('sell', { long: 0, short: 0 })).toBe('short');
    expect(defaultAction('buy', { long: 0, short: 5 })).toBe('cover');
    expect(defaultAction('buy', { long: 5, short: 0 })).toBe('buy');
    expect(actionsFor({ long: 0, short: 0 })).toEqual(['buy', 'short']);
    expect(actionsFor({ long: 3, short: 2 })).toEqual(['buy', 'sell', 'short', 'cover']);
    const sell = { ...newTicket('AAPL', 'sell'), quantity: '4' };
    expect(sell.direction).toBe('sell');
    expect(toCloseBody(sell)).toEqual({ symbol: 'AAPL', direction: 'buy', quantity: 4 });
    expect(toCloseBody({ ...newTicket('AAPL', 'cover'), quantity: '2' })).toMatchObject({ direction: 'sell' });
    expect(() => toCloseBody(newTicket('AAPL', 'short'))).toThrow();
    // A close is never a block order; 10,000 shares opened is one.
    expect(isBlock({ action: 'sell', quantity: '20000' })).toBe(false);
    expect(isBlock({ action: 'buy', quantity: '10000' })).toBe(true);
    // Closing checks the quantity only: no price fields, capped by what is held.
    expect(keys(ticketProblems({ ...sell, kind: 'limit', quantity: '9' }, 1, undefined, 4))).toEqual([
      'trading.validation.moreThanHeld',
    ]);
  });
});
