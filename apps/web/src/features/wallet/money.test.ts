import { describe, expect, it } from 'vitest';
import type { WithdrawConfig } from './api/types.ts';
import { atLeast, withdrawPreview } from './money.ts';

const config: WithdrawConfig = {
  minimumUsd: '10',
  feeRate: '0.01',
  feeMinimumUsd: '1',
  currencies: [
    { currency: 'USD', minimum: '10', feeMinimum: '1', rateToUsd: '1' },
    { currency: 'USDT', minimum: '10', feeMinimum: '1', rateToUsd: '1' },
    { currency: 'EUR', minimum: '9.22', feeMinimum: '0.93', rateToUsd: '1.085' },
    { currency: 'JPY', minimum: '1527', feeMinimum: '153', rateToUsd: '0.00655' },
  ],
  processingKey: 'wallet.withdrawProcessing',
  requiresKyc: false,
};

describe('the withdrawal preview follows the server fee rule', () => {
  it('takes 1% on top of the amount, which is what the wallet receives', () => {
    expect(withdrawPreview(config, 'USD', '500')).toEqual({ fee: '5', total: '505', received: '500', rate: '1' });
  });

  it('charges at least the currency minimum fee', () => {
    expect(withdrawPreview(config, 'USD', '50')).toEqual({ fee: '1', total: '51', received: '50', rate: '1' });
    expect(withdrawPreview(config, 'JPY', '2000')).toEqual({ fee: '153', total: '2153', received: '2000', rate: '1' });
  });

  it('stays exact beyond the precision of a JS number', () => {
    expect(withdrawPreview(config, 'USD', '9007199254740993')).toEqual({
      fee: '90071992547409.93',
      total: '9097271247288402.93',
      received: '9007199254740993',
      rate: '1',
    });
  });

  it('shows what reaches a USDT wallet from another balance, at the rate the server records', () => {
    expect(withdrawPreview(config, 'EUR', '100', 'USDT')).toEqual({
      fee: '1',
      total: '101',
      received: '108.5',
      rate: '1.085',
    });
    expect(withdrawPreview(config, 'JPY', '10000', 'USDT')).toMatchObject({ received: '65.5', rate: '0.00655' });
  });

  it('compares amounts with the minimum as decimals', () => {
    expect(atLeast('10', '10')).toBe(true);
    expect(atLeast('9', '9.22')).toBe(false);
  });
});
