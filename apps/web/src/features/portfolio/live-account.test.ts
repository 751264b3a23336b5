import type { AccountValue } from '@soar/contract';
import { describe, expect, it } from 'vitest';
import { liveAccount } from './live-account.ts';

const value: AccountValue = {
  currency: 'EUR',
  totalAssets: '1000',
  cash: '0',
  positions: '1000',
  funds: '0',
  ipoEscrow: '0',
  loans: '0',
  netAssets: '1000',
  buyingPower: '0',
  todayPnl: '10',
  todayPnlPercent: '1',
  rates: { USD: '0.5' },
  list: [
    {
      positionId: 1,
      symbol: 'AAPL',
      currency: 'USD',
      direction: 'buy',
      quantity: 10,
      openPrice: '100',
      last: '100.00',
      mark: '99.99',
      value: '999.9',
    },
    {
      positionId: 2,
      symbol: 'TSLA',
      currency: 'USD',
      direction: 'sell',
      quantity: 5,
      openPrice: '200',
      last: '200.00',
      mark: '200.01',
      value: '999.95',
    },
  ],
  asOf: '2026-11-17T15:00:00.000Z',
};

describe('liveAccount', () => {
  it('keeps the server’s figures until a tick arrives', () => {
    expect(liveAccount(value, {})).toEqual({
      currency: 'EUR',
      totalAssets: '1000',
      positions: '1000',
      netAssets: '1000',
      todayPnl: '10',
    });
  });

  it('moves a long at its bid and a short at its ask, converted at the answer’s rate', () => {
    // AAPL 101.00: bid 100.99, worth 1,009.90 (+10.00 USD); TSLA 190.00: ask 190.01,
    // worth 5 x (400 - 190.01) = 1,049.95 (+50.00 USD). +60 USD is +30 EUR.
    const live = liveAccount(value, { AAPL: '101.00', TSLA: '190.00' });
    expect(live.totalAssets).toBe('1030');
    expect(live.netAssets).toBe('1030');
    expect(live.todayPnl).toBe('40');
  });

  it('never values a short below zero', () => {
    const live = liveAccount(value, { TSLA: '500.00' });
    // 5 x (400 - 500.01) is negative: worth 0, a change of -999.95 USD (-499.975 EUR).
    expect(live.positions).toBe('500.025');
  });
});
