import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './member.ts';
import { uploads } from './wallet.ts';

export type LoanProductTranslation = { name: string };

const money = (name: string) => numeric(name, { precision: 24, scale: 8 });
const rate = (name: string) => numeric(name, { precision: 12, scale: 8 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const utcDate = (name: string) => date(name, { mode: 'string' });

/** A loan product (docs/products.md, Loans); applications copy its terms. */
export const loanProducts = pgTable(
  'loan_products',
  {
    id: serial('id').primaryKey(),
    /** Seeds find their own rows by it; null for products operators add. */
    code: text('code').unique(),
    /** The English name; `translations` holds the other languages written. */
    name: text('name').notNull(),
    translations: jsonb('translations').$type<Record<string, LoanProductTranslation>>().notNull().default({}),
    currency: text('currency').notNull(),
    cycleDays: integer('cycle_days').notNull(),
    dailyInterestRate: rate('daily_interest_rate').notNull(),
    dailyPenaltyRate: rate('daily_penalty_rate').notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    sort: integer('sort').notNull().default(0),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('loan_products_cycle_positive', sql`${table.cycleDays} > 0`),
    check(
      'loan_products_rates',
      sql`${table.dailyInterestRate} >= 0 and ${table.dailyInterestRate} < 1 and ${table.dailyPenaltyRate} >= 0 and ${table.dailyPenaltyRate} < 1`,
    ),
    check('loan_products_amounts', sql`${table.minAmount} >= 1 and ${table.maxAmount} >= ${table.minAmount}`),
  ],
);

export type LoanTermsRecord = {
  productName: string;
  /** The product's name in the other languages written when the member applied. */
  productNames?: Partial<Record<string, string>>;
  currency: string;
  cycleDays: number;
  dailyInterestRate: string;
  dailyPenaltyRate: string;
  minAmount: string;
  maxAmount: string;
  contract: string;
};

/**
 * An application and, once approved, the loan (docs/product.md section 4: approval 0 pending, 1 approved,
 * 2 refused; status 0 not disbursed, 1 disbursed, 2 repaid, 3 overdue). `principal`, `interest`
 * and `penalty` are what is owed now; the daily accruals and the repayments explain them.
 */
export const loans = pgTable(
  'loans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => loanProducts.id),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    approvedAmount: money('approved_amount'),
    /** The product's terms as the member accepted them. */
    terms: jsonb('terms').$type<LoanTermsRecord>().notNull(),
    /** The drawn signature, an upload of the member. */
    signature: text('signature')
      .notNull()
      .references(() => uploads.id),
    approvalStatus: integer('approval_status').notNull().default(0),
    status: integer('status').notNull().default(0),
    refuseReason: text('refuse_reason'),
    reviewerId: integer('reviewer_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    disbursedAt: timestamp('disbursed_at', { withTimezone: true }),
    /** Repay by the end of this UTC day; later days add the penalty. */
    dueDate: utcDate('due_date'),
    principal: money('principal').notNull().default('0'),
    interest: money('interest').notNull().default('0'),
    penalty: money('penalty').notNull().default('0'),
    /** The last UTC day accrued; the next accrual is the day after. */
    accruedThrough: utcDate('accrued_through'),
    interestTotal: money('interest_total').notNull().default('0'),
    penaltyTotal: money('penalty_total').notNull().default('0'),
    repaidTotal: money('repaid_total').notNull().default('0'),
    repaidAt: timestamp('repaid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('loans_approval_status', sql`${table.approvalStatus} in (0, 1, 2)`),
    check('loans_status', sql`${table.status} in (0, 1, 2, 3)`),
    check('loans_owed_not_negative', sql`${table.principal} >= 0 and ${table.interest} >= 0 and ${table.penalty} >= 0`),
    check('loans_amount_positive', sql`${table.amount} >= 1`),
    index('loans_user_idx').on(table.userId, table.id),
    index('loans_status_idx').on(table.status),
    index('loans_approval_idx').on(table.approvalStatus),
    /** One application waits for review at a time per member. */
    uniqueIndex('loans_one_pending').on(table.userId).where(sql`${table.approvalStatus} = 0`),
  ],
);

/** One loan's interest (and penalty once overdue) of one UTC day; unique per (loan, date). */
export const loanAccruals = pgTable(
  'loan_accruals',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    date: utcDate('date').notNull(),
    principal: money('principal').notNull(),
    interest: money('interest').notNull(),
    penalty: money('penalty').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('loan_accruals_loan_date').on(table.loanId, table.date)],
);

/** A repayment and how it split: penalty first, then interest, then principal. */
export const loanRepayments = pgTable(
  'loan_repayments',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: money('amount').notNull(),
    penalty: money('penalty').notNull(),
    interest: money('interest').notNull(),
    principal: money('principal').notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('loan_repayments_split', sql`${table.amount} = ${table.penalty} + ${table.interest} + ${table.principal}`),
    index('loan_repayments_loan_idx').on(table.loanId, table.id),
  ],
);
