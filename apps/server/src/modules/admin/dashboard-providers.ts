import { depositStatuses, loanStatuses, payoutStates, quantOrderStatuses, withdrawStatuses } from '@soar/contract';
import { and, count, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { convert, currencyRates } from '../../core/currency.ts';
import type { Database } from '../../db/client.ts';
import { chainNetworks, deposits, loans, quantOrders, users, withdrawals } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { type DashboardProvider, type DashboardRange, dailySeries } from './dashboard.ts';

const utcDay = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Sums per day and currency, in USD at the currency list's rates. */
async function usdByDay(db: Database, rows: { day: string; currency: string; total: string | null }[]) {
  const rates = await currencyRates(db);
  const byDay = new Map<string, Money>();
  for (const row of rows) {
    if (!row.total || !rates.has(row.currency)) continue;
    const usd = convert(rates, row.total, row.currency, 'USD');
    byDay.set(row.day, (byDay.get(row.day) ?? new Money(0)).plus(usd));
  }
  return byDay;
}

function today(range: DashboardRange, byDay: Map<string, Money>) {
  return moneyString(byDay.get(range.days[range.days.length - 1] ?? '') ?? new Money(0));
}

/** Deposits credited and withdrawals paid, per day in USD (their queues: dashboard-queues.ts). */
export function walletDashboard(db: Database): DashboardProvider {
  return {
    name: 'wallet',
    roles: ['finance'],
    async collect(range) {
      const depositDay = utcDay(deposits.auditedAt);
      const withdrawDay = utcDay(withdrawals.auditedAt);
      const [credited, paid] = await Promise.all([
        db
          .select({
            day: depositDay,
            currency: deposits.currency,
            total: sql<string>`sum(${deposits.auditAmount})::text`,
          })
          .from(deposits)
          .where(
            and(
              inArray(deposits.status, [depositStatuses.pass, depositStatuses.part]),
              gte(deposits.auditedAt, range.from),
            ),
          )
          .groupBy(depositDay, deposits.currency),
        db
          .select({
            day: withdrawDay,
            currency: withdrawals.currency,
            total: sql<string>`sum(${withdrawals.amount})::text`,
          })
          .from(withdrawals)
          .where(and(eq(withdrawals.status, withdrawStatuses.pass), gte(withdrawals.auditedAt, range.from)))
          .groupBy(withdrawDay, withdrawals.currency),
      ]);
      const depositUsd = await usdByDay(db, credited);
      const withdrawUsd = await usdByDay(db, paid);
      return {
        figures: [
          { key: 'depositsToday', value: today(range, depositUsd), unit: 'USD' },
          { key: 'withdrawalsToday', value: today(range, withdrawUsd), unit: 'USD' },
        ],
        series: [
          dailySeries('deposits', 'USD', range, depositUsd),
          dailySeries('withdrawals', 'USD', range, withdrawUsd),
        ],
      };
    },
  };
}

/** New members per day; everyone who reads members sees it. */
export function memberDashboard(db: Database): DashboardProvider {
  return {
    name: 'members',
    roles: ['finance', 'compliance', 'support'],
    async collect(range) {
      const day = utcDay(users.createdAt);
      const [perDay, total] = await Promise.all([
        db.select({ day, n: count() }).from(users).where(gte(users.createdAt, range.from)).groupBy(day),
        db.select({ n: count() }).from(users),
      ]);
      const byDay = new Map(perDay.map((row) => [row.day, new Money(row.n)]));
      return {
        figures: [
          { key: 'newMembersToday', value: today(range, byDay), unit: 'count' },
          { key: 'members', value: String(total[0]?.n ?? 0), unit: 'count' },
        ],
        series: [dailySeries('newMembers', 'count', range, byDay)],
      };
    },
  };
}

/** Open loans and what they owe; money lent per day. */
export function loanDashboard(db: Database): DashboardProvider {
  return {
    name: 'loans',
    roles: ['finance'],
    async collect(range) {
      const open = inArray(loans.status, [loanStatuses.disbursed, loanStatuses.overdue]);
      const disbursedDay = utcDay(loans.disbursedAt);
      const [openCount, owed, lent] = await Promise.all([
        db.select({ n: count() }).from(loans).where(open),
        db
          .select({
            day: sql<string>`''`,
            currency: loans.currency,
            total: sql<string>`sum(${loans.principal} + ${loans.interest} + ${loans.penalty})::text`,
          })
          .from(loans)
          .where(open)
          .groupBy(loans.currency),
        db
          .select({
            day: disbursedDay,
            currency: loans.currency,
            total: sql<string>`sum(${loans.approvedAmount})::text`,
          })
          .from(loans)
          .where(gte(loans.disbursedAt, range.from))
          .groupBy(disbursedDay, loans.currency),
      ]);
      const lentUsd = await usdByDay(db, lent);
      const owedUsd = await usdByDay(db, owed);
      return {
        figures: [
          { key: 'openLoans', value: String(openCount[0]?.n ?? 0), unit: 'count' },
          { key: 'loansOutstanding', value: moneyString(owedUsd.get('') ?? new Money(0)), unit: 'USD' },
          { key: 'loansDisbursedToday', value: today(range, lentUsd), unit: 'USD' },
        ],
        series: [dailySeries('loansDisbursed', 'USD', range, lentUsd)],
      };
    },
  };
}

/** Funds under management (orders in progress) and fund purchases per day. */
export function quantDashboard(db: Database): DashboardProvider {
  return {
    name: 'quant',
    roles: ['trading', 'finance'],
    async collect(range) {
      const boughtDay = utcDay(quantOrders.createdAt);
      const [managed, bought] = await Promise.all([
        db
          .select({
            day: sql<string>`''`,
            currency: quantOrders.currency,
            total: sql<string>`sum(${quantOrders.amount})::text`,
          })
          .from(quantOrders)
          .where(eq(quantOrders.status, quantOrderStatuses.inProgress))
          .groupBy(quantOrders.currency),
        db
          .select({
            day: boughtDay,
            currency: quantOrders.currency,
            total: sql<string>`sum(${quantOrders.amount})::text`,
          })
          .from(quantOrders)
          .where(gte(quantOrders.createdAt, range.from))
          .groupBy(boughtDay, quantOrders.currency),
      ]);
      const managedUsd = await usdByDay(db, managed);
      const boughtUsd = await usdByDay(db, bought);
      return {
        figures: [
          { key: 'fundsUnderManagement', value: moneyString(managedUsd.get('') ?? new Money(0)), unit: 'USD' },
          { key: 'fundPurchasesToday', value: today(range, boughtUsd), unit: 'USD' },
        ],
        series: [dailySeries('fundPurchases', 'USD', range, boughtUsd)],
      };
    },
  };
}

/** The crypto rails (docs/admin.md, Chain): what the hot wallets hold and what they still owe. */
export function chainDashboard(db: Database): DashboardProvider {
  return {
    name: 'chain',
    roles: ['finance'],
    async collect() {
      const owed = [
        payoutStates.queued,
        payoutStates.waitingFunds,
        payoutStates.sending,
        payoutStates.replacing,
        payoutStates.cancelling,
      ];
      const [wallets, pending] = await Promise.all([
        db
          .select({ total: sql<string | null>`sum(${chainNetworks.hotBalance})::text` })
          .from(chainNetworks)
          .where(isNotNull(chainNetworks.hotWallet)),
        db
          .select({ n: count(), total: sql<string>`coalesce(sum(${withdrawals.arrivalAmount}), 0)::text` })
          .from(withdrawals)
          .where(inArray(withdrawals.payoutState, owed)),
      ]);
      return {
        figures: [
          { key: 'hotWallet', value: moneyString(wallets[0]?.total ?? '0'), unit: 'USDT' },
          { key: 'payoutsPending', value: String(pending[0]?.n ?? 0), unit: 'count' },
          { key: 'payoutsPendingAmount', value: moneyString(pending[0]?.total ?? '0'), unit: 'USDT' },
        ],
      };
    },
  };
}
