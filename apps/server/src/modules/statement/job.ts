import { balances } from '../../db/schema/index.ts';
import type { Job } from '../../jobs/runner.ts';
import { monthBounds } from './figures.ts';
import { monthOf, type StatementService } from './service.ts';

export const statementJobName = 'statement.month';

/** A month after `month` (`2026-11` -> `2026-12`). */
function nextMonth(month: string): string {
  return monthOf(monthBounds(month).to);
}

/** The months that have ended by `now` since `lastDone` (at most a year back), oldest first. */
export function monthPeriods(now: Date, lastDone: string | undefined): string[] {
  const current = monthOf(now);
  const lastEnded = monthOf(new Date(monthBounds(current).from.getTime() - 1));
  const yearAgo = monthOf(new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), 1)));
  let month = lastDone ? nextMonth(lastDone) : lastEnded;
  if (month < yearAgo) month = yearAgo;
  const periods: string[] = [];
  for (; month <= lastEnded; month = nextMonth(month)) periods.push(month);
  return periods;
}

/**
 * `statement.month`: one period per calendar month (UTC), due when it has ended. Every member who
 * ever held money gets the month's statement, each in its own transaction; the unique
 * (member, month) makes a second run write nothing (docs/jobs.md).
 */
export function statementJob(statementsService: StatementService): Job {
  return {
    name: statementJobName,
    periods: (now, lastDone) => monthPeriods(now, lastDone),
    next: (now) => monthBounds(monthOf(now)).to,
    async run({ period, now }) {
      const members = await statementsService.deps.db
        .selectDistinct({ userId: balances.userId })
        .from(balances)
        .orderBy(balances.userId);
      let made = 0;
      for (const { userId } of members) {
        if (await statementsService.make(userId, period, now)) made += 1;
      }
      return made;
    },
  };
}
