import { describe, expect, it } from 'vitest';
import {
  kindOf,
  newTicket,
  protectionProblems,
  stepQuantity,
  ticketFromQuery,
  ticketProblems,
  ticketQuery,
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
      ...newTicket('AAPL', 'sell'),
      kind: 'limit' as const,
      quantity: 30,
      limitPrice: '190.5',
      takeProfit: '180',
    };
    const query = Object.fromEntries(new URLSearchParams(ticketQuery(ticket)));
    expect(ticketFromQuery(query)).toEqual(ticket);
    expect(ticketFromQuery({ ...query, quantity: '1.5' })).toBeUndefined();
    expect(ticketFromQuery({ ...query, kind: 'iceberg' })).toBeUndefined();
    expect(ticketFromQuery({ ...query, direction: 'long' })).toBeUndefined();
    expect(ticketFromQuery({})).toBeUndefined();
  });

  it('steps by the board lot and snaps a typed quantity to it', () => {
    expect(stepQuantity(100, 100, 1)).toBe(200);
    expect(stepQuantity(100, 100, -1)).toBe(100);
    expect(stepQuantity(250, 100, 1)).toBe(300);
    expect(stepQuantity(250, 100, -1)).toBe(200);
    expect(stepQuantity(0, 500, 1)).toBe(500);
  });

  it('asks for a whole multiple of the lot and positive prices for the fields its type shows', () => {
    const ticket = { ...newTicket('0700', 'buy', 100), kind: 'stopLimit' as const, quantity: 150, stopPrice: '0' };
    expect(keys(ticketProblems(ticket, 100))).toEqual([
      'trading.validation.quantity',
      'trading.validation.price',
      'trading.validation.price',
    ]);
    expect(ticketProblems({ ...ticket, quantity: 200, stopPrice: '310', limitPrice: '311.5' }, 100)).toEqual([]);
    expect(
      keys(ticketProblems({ ...ticket, kind: 'trailingPercent', quantity: 100, trailPercent: '100' }, 100)),
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
});
