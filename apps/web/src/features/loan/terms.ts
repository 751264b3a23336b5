import Decimal from 'decimal.js';

const dayMs = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` plus `days` (UTC days, as the server counts them). */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

export const utcToday = () => new Date().toISOString().slice(0, 10);

export type LoanTerms = {
  dueDate: string;
  dailyInterest: string;
  dailyPenalty: string;
  interest: string;
  total: string;
};

/**
 * What a loan of `amount` costs if approved today and repaid on its due date: the server's rule
 * (docs/products.md, Loans) of one day's interest, principal x rate rounded down to the
 * currency's decimals, for each day of the cycle.
 */
export function loanTerms(
  product: { cycleDays: number; dailyInterestRate: string; dailyPenaltyRate: string },
  amount: string,
  decimals: number,
  today = utcToday(),
): LoanTerms {
  const principal = new Decimal(amount);
  const daily = principal.times(product.dailyInterestRate).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  const interest = daily.times(product.cycleDays);
  return {
    dueDate: addDays(today, product.cycleDays),
    dailyInterest: daily.toFixed(),
    dailyPenalty: principal.times(product.dailyPenaltyRate).toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed(),
    interest: interest.toFixed(),
    total: principal.plus(interest).toFixed(),
  };
}

export const outside = (amount: string, min: string, max: string) =>
  new Decimal(amount).lessThan(min) || new Decimal(amount).greaterThan(max);

export const moreThan = (amount: string, limit: string) => new Decimal(amount).greaterThan(limit);

export const decimalPlaces = (amount: string) => new Decimal(amount).decimalPlaces();
