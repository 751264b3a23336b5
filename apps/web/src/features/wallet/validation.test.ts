import { describe, expect, it } from 'vitest';
import { amountError, isAddressShape, normaliseAmount } from './validation.ts';

describe('amounts (docs/product.md section 5: a whole number of at least 1)', () => {
  it('accepts whole numbers from 1, with or without a zero fraction', () => {
    for (const value of ['1', '10', '250', '007', '12.0', '12.00000000'])
      expect(amountError(value), value).toBeUndefined();
  });

  it("answers 'wrong amount' for a number below 1 or with a fraction", () => {
    for (const value of ['0', '0.5', '12.5', '000']) expect(amountError(value), value).toBe('validation.wrongAmount');
  });

  it("answers 'Enter the amount in digits, such as 100' for an empty or non-numeric entry", () => {
    for (const value of ['', '  ', 'abc', '-5', '1e3', '1,000', undefined]) {
      expect(amountError(value), String(value)).toBe('validation.amount');
    }
  });

  it('sends the amount without leading zeros or a zero fraction', () => {
    expect(normaliseAmount('007')).toBe('7');
    expect(normaliseAmount('12.00')).toBe('12');
    expect(normaliseAmount(' 250 ')).toBe('250');
  });
});

describe('wallet address shapes, as the server checks them', () => {
  it('takes 0x and 40 hex digits on ERC-20', () => {
    expect(isAddressShape('ERC20', '0xa15fD8D538843cA2D24CDba4954cd4aa14195C04')).toBe(true);
    expect(isAddressShape('ERC20', '0xa15fD8D538843cA2D24CDba4954cd4aa14195C0')).toBe(false);
    expect(isAddressShape('ERC20', 'TSF8Uo1wsHCJbvnEmUGd4pwhC8kT4AbQN8')).toBe(false);
  });

  it('takes T and 33 base58 characters on TRC-20', () => {
    expect(isAddressShape('TRC20', 'TSF8Uo1wsHCJbvnEmUGd4pwhC8kT4AbQN8')).toBe(true);
    // 0, O, I and l are not base58.
    expect(isAddressShape('TRC20', 'TSF8Uo1wsHCJbvnEmUGd4pwhC8kT4AbQN0')).toBe(false);
    expect(isAddressShape('TRC20', '0xa15fD8D538843cA2D24CDba4954cd4aa14195C04')).toBe(false);
  });
});
