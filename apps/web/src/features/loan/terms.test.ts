import { describe, expect, it } from 'vitest';
import { addDays, loanTerms, outside } from './terms.ts';

const product = { cycleDays: 7, dailyInterestRate: '0.0005', dailyPenaltyRate: '0.001' };

describe('the key terms of a loan, by the server rule', () => {
  it('charges one day of interest per day of the cycle, rounded down to the currency', () => {
    // 0.05 % of 300 is 0.15 a day; 333 gives 0.1665, shown and charged as 0.16.
    expect(loanTerms(product, '300', 2, '2026-11-16')).toEqual({
      dueDate: '2026-11-23',
      dailyInterest: '0.15',
      dailyPenalty: '0.3',
      interest: '1.05',
      total: '301.05',
    });
    expect(loanTerms(product, '333', 2, '2026-11-16')).toMatchObject({ dailyInterest: '0.16', total: '334.12' });
    expect(loanTerms(product, '333', 0, '2026-11-16')).toMatchObject({ dailyInterest: '0', total: '333' });
  });

  it('counts UTC days across a month end and checks the range', () => {
    expect(addDays('2026-11-28', 5)).toBe('2026-12-03');
    expect(outside('99', '100', '5000')).toBe(true);
    expect(outside('5000', '100', '5000')).toBe(false);
  });
});
