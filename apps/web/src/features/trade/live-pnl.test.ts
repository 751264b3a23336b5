import type { Position } from '@soar/contract';
import { describe, expect, it } from 'vitest';
import { liveFigures, signOf, sumIn, totalsByCurrency } from './live-pnl.ts';

const position = (overrides: Partial<Position>): Position => ({
  id: 1,
  orderId: 1,
  symbol: 'AAPL',
  name: 'Apple',
  market: 'US',
  currency: 'USD',
  direction: 'buy',
  lotSize: 1,
  quantity: 10,
  openedQuantity: 10,
  openPrice: '100.00000000',
  openFee: '1.00000000',
  cost: '1000.00000000',
  stopLoss: null,
  takeProfit: null,
  status: 'open',
  closeReason: null,
  last: '101.00',
  bid: '100.98',
  ask: '101.02',
  markPrice: '100.98',
  marketValue: '1009.8',
  floatingPnl: '9.8',
  floatingPnlPercent: '0.98',
  realisedPnl: '0',
  closedQuantity: 0,
  stopOutPrice: null,
  openedAt: '2026-11-22T10:00:00.000Z',
  closedAt: null,
  ...overrides,
});

describe('live floating P/L', () => {
  it("is the server's figure until a tick arrives", () => {
    expect(liveFigures(position({}), undefined)).toEqual({
      mark: '100.98',
      marketValue: '1009.8',
      floatingPnl: '9.8',
      floatingPnlPercent: '0.98',
    });
  });

  it('follows the last price, keeping the spread: a long gains as it rises', () => {
    expect(liveFigures(position({}), '103.00')).toEqual({
      mark: '102.98',
      marketValue: '1029.8',
      floatingPnl: '29.8',
      floatingPnlPercent: '2.98',
    });
  });

  it('a short gains as the price falls, marked at the ask', () => {
    const short = position({ direction: 'sell', markPrice: '101.02', floatingPnl: '-10.2' });
    expect(liveFigures(short, '95.00')).toMatchObject({
      mark: '95.02',
      floatingPnl: '49.8',
      floatingPnlPercent: '4.98',
    });
    expect(liveFigures(short, '110.00').floatingPnl).toBe('-100.2');
  });

  it('totals per currency and across currencies through the USD rates', () => {
    const rows = [
      { position: position({}), figures: liveFigures(position({}), '103.00') },
      {
        position: position({ id: 2, currency: 'HKD', cost: '500' }),
        figures: { ...liveFigures(position({}), undefined), floatingPnl: '-78', marketValue: '422' },
      },
      { position: position({ id: 3 }), figures: liveFigures(position({}), undefined) },
    ];
    const totals = totalsByCurrency(rows);
    expect(totals).toEqual([
      { currency: 'USD', floatingPnl: '39.6', marketValue: '2039.6', cost: '2000', positions: 2 },
      { currency: 'HKD', floatingPnl: '-78', marketValue: '422', cost: '500', positions: 1 },
    ]);
    const currencies = [
      { code: 'USD', rateToUsd: '1' },
      { code: 'HKD', rateToUsd: '0.128' },
    ] as never;
    expect(
      sumIn(
        totals.map((total) => ({ currency: total.currency, amount: total.floatingPnl })),
        currencies,
        'USD',
      ),
    ).toBe('29.616');
    expect(sumIn([{ currency: 'JPY', amount: '1' }], currencies, 'USD')).toBeUndefined();
    expect([signOf('-0.01'), signOf('0.00'), signOf('3'), signOf(null)]).toEqual(['down', 'flat', 'up', 'flat']);
  });
});
