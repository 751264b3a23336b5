import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney } from './format.ts';

describe('formatCount', () => {
  it('formats a chart tick that is not a whole number (the dashboard once crashed on 1.5)', () => {
    expect(formatCount('1.5')).toBe('1.5');
    expect(formatCount(2.5)).toBe('2.5');
    expect(formatCount('0')).toBe('0');
  });

  it('groups thousands exactly, past what a JavaScript number holds', () => {
    expect(formatCount('1234567')).toBe('1,234,567');
    expect(formatCount('9007199254740993')).toBe('9,007,199,254,740,993');
    expect(formatCount('-1234.25')).toBe('-1,234.25');
  });
});

describe('formatMoney', () => {
  it('shows the currency’s decimals, grouped', () => {
    expect(formatMoney('520000.001', 2)).toBe('520,000.00');
    expect(formatMoney('2494447', 0)).toBe('2,494,447');
    expect(formatMoney(null, 2)).toBe('—');
  });
});
