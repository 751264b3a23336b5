import { type LanguageKey, type Loan, type LoanDetail, loanStatuses } from '@soar/contract';
import type { loanAccruals, loanProducts, loanRepayments } from '../../db/schema/index.ts';
import { utcDate } from '../../jobs/schedules.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { translated } from '../../lib/translations.ts';
import {
  accrualDays,
  addDays,
  type DayAccrual,
  type LoanRow,
  lastEndedDay,
  type Owed,
  owedAfter,
  owedTotal,
} from './accrual.ts';

export type ProductRow = typeof loanProducts.$inferSelect;

export const owedView = (owed: Owed) => ({
  principal: moneyString(owed.principal),
  interest: moneyString(owed.interest),
  penalty: moneyString(owed.penalty),
  total: moneyString(owedTotal(owed)),
});

const dayMs = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / dayMs);

/** A product with its name in `lang` when written in it, else English. */
export function productView(row: ProductRow, lang: LanguageKey = 'en') {
  const { text, language, fallback } = translated({ name: row.name }, row.translations, lang);
  return {
    id: row.id,
    name: text.name,
    language,
    fallback,
    currency: row.currency,
    cycleDays: row.cycleDays,
    dailyInterestRate: moneyString(row.dailyInterestRate),
    dailyPenaltyRate: moneyString(row.dailyPenaltyRate),
    minAmount: moneyString(row.minAmount),
    maxAmount: moneyString(row.maxAmount),
    contract: 'loan-contract',
  };
}

export const isActive = (loan: LoanRow) =>
  loan.status === loanStatuses.disbursed || loan.status === loanStatuses.overdue;

/**
 * A loan as of `now`: the days that have ended are counted in what is owed even before the job
 * has written them (it will write the same figures), so the member sees today's debt.
 */
export function projection(loan: LoanRow, decimals: number, now: Date) {
  const days = isActive(loan) ? accrualDays(loan, decimals, lastEndedDay(now)) : [];
  const owed = owedAfter(loan, days);
  const today = utcDate(now);
  const late = isActive(loan) && loan.dueDate !== null && today > loan.dueDate;
  return { days, owed, late, today };
}

export function loanView(loan: LoanRow, decimals: number, now: Date, lang: LanguageKey = 'en'): Loan {
  const { days, owed, late, today } = projection(loan, decimals, now);
  const added = owedAfter({ ...loan, interest: '0', penalty: '0' }, days);
  return {
    id: loan.id,
    productId: loan.productId,
    name: translated(loan.terms.productName, loan.terms.productNames ?? {}, lang).text,
    currency: loan.currency,
    amount: moneyString(loan.amount),
    approvedAmount: loan.approvedAmount === null ? null : moneyString(loan.approvedAmount),
    cycleDays: loan.terms.cycleDays,
    dailyInterestRate: moneyString(loan.terms.dailyInterestRate),
    dailyPenaltyRate: moneyString(loan.terms.dailyPenaltyRate),
    approvalStatus: loan.approvalStatus,
    status: late ? loanStatuses.overdue : loan.status,
    refuseReason: loan.refuseReason,
    appliedAt: loan.createdAt.toISOString(),
    reviewedAt: loan.reviewedAt?.toISOString() ?? null,
    disbursedAt: loan.disbursedAt?.toISOString() ?? null,
    dueDate: loan.dueDate,
    owed: owedView(owed),
    accruedThrough: days.at(-1)?.date ?? loan.accruedThrough,
    interestTotal: moneyString(new Money(loan.interestTotal).plus(added.interest)),
    penaltyTotal: moneyString(new Money(loan.penaltyTotal).plus(added.penalty)),
    repaidTotal: moneyString(loan.repaidTotal),
    repaidAt: loan.repaidAt?.toISOString() ?? null,
    overdueDays: late && loan.dueDate ? daysBetween(loan.dueDate, today) : 0,
  };
}

const accrualView = (day: Pick<DayAccrual, 'date'> & Record<'principal' | 'interest' | 'penalty', Money | string>) => ({
  date: day.date,
  principal: moneyString(day.principal),
  interest: moneyString(day.interest),
  penalty: moneyString(day.penalty),
});

export function loanDetailView(
  loan: LoanRow,
  decimals: number,
  now: Date,
  stored: (typeof loanAccruals.$inferSelect)[],
  repayments: (typeof loanRepayments.$inferSelect)[],
  lang: LanguageKey = 'en',
): LoanDetail {
  const { days, owed } = projection(loan, decimals, now);
  const view = loanView(loan, decimals, now, lang);
  let dueAmount: Owed | undefined;
  if (isActive(loan) && loan.dueDate && utcDate(now) <= loan.dueDate) {
    const projected = { ...loan, interest: moneyString(owed.interest), penalty: moneyString(owed.penalty) };
    const dayBefore = addDays(loan.dueDate, -1);
    const through = days.at(-1)?.date ?? loan.accruedThrough;
    dueAmount = owedAfter(projected, accrualDays({ ...projected, accruedThrough: through }, decimals, dayBefore));
  }
  return {
    ...view,
    terms: loan.terms,
    accruals: [...days.map(accrualView).reverse(), ...stored.map(accrualView)],
    repayments: repayments.map((row) => ({
      id: row.id,
      time: row.createdAt.toISOString(),
      amount: moneyString(row.amount),
      penalty: moneyString(row.penalty),
      interest: moneyString(row.interest),
      principal: moneyString(row.principal),
    })),
    dueAmount: dueAmount ? owedView(dueAmount) : null,
  };
}
