import { loanStatuses } from '@soar/contract';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { currencyRates } from '../../core/currency.ts';
import type { Database } from '../../db/client.ts';
import { loanAccruals, loans } from '../../db/schema/index.ts';
import type { Job } from '../../jobs/runner.ts';
import { dailyPeriods, nextDaily, utcDate } from '../../jobs/schedules.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import type { Book, Ledger } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';

export type LoanRow = typeof loans.$inferSelect;

const dayMs = 24 * 60 * 60 * 1000;

/** `date` plus `days` (YYYY-MM-DD, UTC days). */
export function addDays(date: string, days: number): string {
  return utcDate(Date.parse(`${date}T00:00:00Z`) + days * dayMs);
}

/** The newest UTC day that has ended at `now`: accruals are taken through it. */
export function lastEndedDay(now: Date): string {
  return addDays(utcDate(now), -1);
}

export type Owed = { principal: Money; interest: Money; penalty: Money };
export type DayAccrual = { date: string; principal: Money; interest: Money; penalty: Money };

export const owedTotal = (owed: Owed) => owed.principal.plus(owed.interest).plus(owed.penalty);

/**
 * The accruals of the days after the last one accrued, through `through` (docs/products.md,
 * Loans): each day that ends with principal outstanding adds principal x daily interest rate,
 * and each day after the due date also principal x daily penalty rate, both rounded down to the
 * currency's decimals. Interest is never charged on interest. The principal does not change
 * between the days of one catch-up: a repayment accrues every ended day before it applies.
 */
export function accrualDays(loan: LoanRow, decimals: number, through: string): DayAccrual[] {
  const principal = new Money(loan.principal);
  if (!loan.disbursedAt || !loan.dueDate || principal.isZero()) return [];
  const interestRate = new Money(loan.terms.dailyInterestRate);
  const penaltyRate = new Money(loan.terms.dailyPenaltyRate);
  const days: DayAccrual[] = [];
  for (
    let date = loan.accruedThrough ? addDays(loan.accruedThrough, 1) : utcDate(loan.disbursedAt);
    date <= through;
    date = addDays(date, 1)
  ) {
    days.push({
      date,
      principal,
      interest: principal.times(interestRate).toDecimalPlaces(decimals, Money.ROUND_DOWN),
      penalty:
        date > loan.dueDate ? principal.times(penaltyRate).toDecimalPlaces(decimals, Money.ROUND_DOWN) : new Money(0),
    });
  }
  return days;
}

/** What is owed once `days` are added. */
export function owedAfter(loan: LoanRow, days: DayAccrual[]): Owed {
  return days.reduce<Owed>(
    (owed, day) => ({
      principal: owed.principal,
      interest: owed.interest.plus(day.interest),
      penalty: owed.penalty.plus(day.penalty),
    }),
    { principal: new Money(loan.principal), interest: new Money(loan.interest), penalty: new Money(loan.penalty) },
  );
}

/** A payment settles the penalty first, then the interest, then the principal. */
export function splitPayment(owed: Owed, amount: Money): Owed {
  const penalty = Money.min(amount, owed.penalty);
  const interest = Money.min(amount.minus(penalty), owed.interest);
  return { penalty, interest, principal: amount.minus(penalty).minus(interest) };
}

/**
 * Writes the accruals through `through` for a loan whose row the caller has locked, and marks it
 * overdue once its due date has ended with a debt (one notice). Answers the updated row.
 */
export async function accrueLoan(book: Book, loan: LoanRow, decimals: number, through: string): Promise<LoanRow> {
  const days = accrualDays(loan, decimals, through);
  const last = days.at(-1);
  if (!last || !loan.dueDate) return loan;
  await book.tx.insert(loanAccruals).values(
    days.map((day) => ({
      loanId: loan.id,
      date: day.date,
      principal: moneyString(day.principal),
      interest: moneyString(day.interest),
      penalty: moneyString(day.penalty),
    })),
  );
  const owed = owedAfter(loan, days);
  const added = { interest: owed.interest.minus(loan.interest), penalty: owed.penalty.minus(loan.penalty) };
  const overdue = loan.status === loanStatuses.disbursed && last.date >= loan.dueDate;
  const [row] = await book.tx
    .update(loans)
    .set({
      interest: moneyString(owed.interest),
      penalty: moneyString(owed.penalty),
      interestTotal: moneyString(new Money(loan.interestTotal).plus(added.interest)),
      penaltyTotal: moneyString(new Money(loan.penaltyTotal).plus(added.penalty)),
      accruedThrough: last.date,
      ...(overdue ? { status: loanStatuses.overdue } : {}),
    })
    .where(eq(loans.id, loan.id))
    .returning();
  if (!row) throw new Error('update returned no loan');
  if (overdue) {
    await sendNotice(book, {
      userId: loan.userId,
      kind: 'loanOverdue',
      params: { owed: moneyString(owedTotal(owed)), currency: loan.currency, dueDate: loan.dueDate },
      reference: `loan:${loan.id}`,
    });
  }
  return row;
}

/** Locks one loan and accrues it through `through` in its own transaction; answers whether it accrued. */
export async function accrueOne(ledger: Ledger, loanId: number, decimals: number, through: string) {
  return ledger.transaction(async (book) => {
    const [loan] = await book.tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
    if (!loan || (loan.status !== loanStatuses.disbursed && loan.status !== loanStatuses.overdue)) return false;
    const after = await accrueLoan(book, loan, decimals, through);
    return after !== loan;
  });
}

export const loanAccrueJobName = 'loan.accrue';

/**
 * `loan.accrue`: one period per UTC day (`2026-11-20`), due when the day has ended. Each loan
 * with a debt accrues the day (and any it missed) in its own transaction, safe to run again.
 */
export function loanAccrueJob(deps: { db: Database; ledger: Ledger }): Job {
  return {
    name: loanAccrueJobName,
    periods: (now, lastDone) => dailyPeriods(new Date(now.getTime() - dayMs), lastDone, 0),
    next: (now) => nextDaily(now, 0),
    async run({ period }) {
      const due = await deps.db
        .select({ id: loans.id, currency: loans.currency })
        .from(loans)
        .where(
          and(
            inArray(loans.status, [loanStatuses.disbursed, loanStatuses.overdue]),
            lt(loans.disbursedAt, new Date(Date.parse(`${addDays(period, 1)}T00:00:00Z`))),
            or(isNull(loans.accruedThrough), lt(loans.accruedThrough, period)),
          ),
        )
        .orderBy(loans.id);
      const rates = await currencyRates(deps.db);
      let accrued = 0;
      for (const loan of due) {
        if (await accrueOne(deps.ledger, loan.id, rates.get(loan.currency)?.decimals ?? 2, period)) accrued += 1;
      }
      return accrued;
    },
  };
}
