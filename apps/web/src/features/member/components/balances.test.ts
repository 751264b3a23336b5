import type { Currency } from '@soar/contract';
import { describe, expect, it } from 'vitest';
import { totalIn } from './balances.ts';

const currency = (code: string, rateToUsd: string): Currency => ({
  code,
  name: code,
  symbol: code,
  decimals: 2,
  rateToUsd,
});
const currencies = [currency('USD', '1'), currency('EUR', '1.1'), currency('JPY', '0.0067')];

describe('the balance total', () => {
  it('adds available and frozen in every currency at its rate, in the chosen currency', () => {
    const balances = [
      { currency: 'USD', available: '100.10', frozen: '0.20' },
      { currency: 'EUR', available: '10', frozen: '5' },
    ];
    expect(totalIn(balances, currencies, 'USD')).toBe('116.80000000');
    expect(totalIn(balances, currencies, 'EUR')).toBe('106.18181818');
  });

  it('keeps decimal precision where binary floats would not', () => {
    const balances = [
      { currency: 'USD', available: '0.1', frozen: '0.2' },
      { currency: 'USD', available: '0.00000001', frozen: '0' },
    ];
    expect(totalIn(balances, currencies, 'USD')).toBe('0.30000001');
  });

  it('leaves out currencies without a rate and has no total without a target rate', () => {
    const balances = [{ currency: 'XYZ', available: '5', frozen: '0' }];
    expect(totalIn(balances, currencies, 'USD')).toBe('0.00000000');
    expect(totalIn(balances, currencies, 'XYZ')).toBeUndefined();
  });
});
