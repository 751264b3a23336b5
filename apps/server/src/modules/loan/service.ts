import { kycStatuses, type LanguageKey, loanContractDocument, loanStatuses } from '@soar/contract';
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import { currencyRates } from '../../core/currency.ts';
import type { IdempotencyClaim } from '../../core/idempotency.ts';
import type { Database, Transaction } from '../../db/client.ts';
import {
  appSettings,
  loanAccruals,
  loanProducts,
  loanRepayments,
  loans,
  uploads,
  users,
} from '../../db/schema/index.ts';
import { utcDate } from '../../jobs/schedules.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { Ledger } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';
import {
  accrualDays,
  accrueLoan,
  addDays,
  type LoanRow,
  lastEndedDay,
  type Owed,
  owedAfter,
  owedTotal,
  splitPayment,
} from './accrual.ts';
import { isActive, loanDetailView, loanView, owedView, productView } from './views.ts';

/** The `loan` row of app_settings (docs/products.md, Loans). */
export type LoanSetting = { requiresKyc: boolean };
export const defaultLoanSetting: LoanSetting = { requiresKyc: false };

export async function loanSetting(db: Database | Transaction): Promise<LoanSetting> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'loan'));
  return { ...defaultLoanSetting, ...((row?.value as Partial<LoanSetting> | undefined) ?? {}) };
}

/** The simulator takes at most this many days ahead. */
const previewDaysAhead = 366;

export type LoanDeps = { db: Database; ledger: Ledger; clock: () => number };

/** Loans for members: products, applications, the loans with their accruals, repayments. */
export class LoanService {
  constructor(private readonly deps: LoanDeps) {}

  private get db() {
    return this.deps.db;
  }

  now(): Date {
    return new Date(this.deps.clock());
  }

  async decimalsOf(currency: string): Promise<number> {
    return (await currencyRates(this.db)).get(currency)?.decimals ?? 2;
  }

  async products(lang: LanguageKey = 'en') {
    const [rows, setting] = await Promise.all([
      this.db
        .select()
        .from(loanProducts)
        .where(isNull(loanProducts.closedAt))
        .orderBy(asc(loanProducts.sort), asc(loanProducts.id)),
      loanSetting(this.db),
    ]);
    return { list: rows.map((row) => productView(row, lang)), requiresKyc: setting.requiresKyc };
  }

  /**
   * Checks the product, the amount range, KYC when the setting asks, and that the signature is an
   * upload of the member; stores the application with the terms it accepted. One application
   * waits for review at a time (a unique index holds it under racing requests).
   */
  async apply(
    userId: number,
    body: { productId: number; amount: string; signature: string },
    claim?: IdempotencyClaim,
    lang: LanguageKey = 'en',
  ) {
    const [product] = await this.db.select().from(loanProducts).where(eq(loanProducts.id, body.productId));
    if (!product) throw new AppError('LOAN_PRODUCT_NOT_FOUND');
    if (product.closedAt) throw new AppError('LOAN_PRODUCT_CLOSED');
    const amount = new Money(body.amount);
    if (amount.lt(product.minAmount) || amount.gt(product.maxAmount)) {
      throw new AppError('LOAN_AMOUNT_OUT_OF_RANGE', undefined, {
        min: moneyString(product.minAmount),
        max: moneyString(product.maxAmount),
        currency: product.currency,
      });
    }
    if ((await loanSetting(this.db)).requiresKyc) {
      const [user] = await this.db.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, userId));
      if (user?.kycStatus !== kycStatuses.passed) throw new AppError('KYC_REQUIRED', 'loan.kycRequired');
    }
    const [signature] = await this.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.id, body.signature), eq(uploads.userId, userId)));
    if (!signature) throw new AppError('SIGNATURE_NOT_FOUND');
    const decimals = await this.decimalsOf(product.currency);
    const now = this.now();

    return this.deps.ledger.transaction(async (book) => {
      const [row] = await book.tx
        .insert(loans)
        .values({
          userId,
          productId: product.id,
          currency: product.currency,
          amount: moneyString(amount),
          terms: {
            productName: product.name,
            productNames: Object.fromEntries(
              Object.entries(product.translations).map(([lang, text]) => [lang, text.name]),
            ),
            currency: product.currency,
            cycleDays: product.cycleDays,
            dailyInterestRate: moneyString(product.dailyInterestRate),
            dailyPenaltyRate: moneyString(product.dailyPenaltyRate),
            minAmount: moneyString(product.minAmount),
            maxAmount: moneyString(product.maxAmount),
            contract: loanContractDocument,
          },
          signature: signature.id,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('LOAN_PENDING_EXISTS');
      return loanView(row, decimals, now, lang);
    }, claim);
  }

  async list(userId: number, query: PageQuery & { status?: number }, lang: LanguageKey = 'en') {
    const where = and(
      eq(loans.userId, userId),
      query.status === undefined ? undefined : eq(loans.status, query.status),
    );
    const rates = await currencyRates(this.db);
    const now = this.now();
    return paginate(
      query,
      this.db.select().from(loans).where(where).orderBy(desc(loans.id)).$dynamic(),
      this.db.select({ total: count() }).from(loans).where(where),
      (row) => loanView(row, rates.get(row.currency)?.decimals ?? 2, now, lang),
    );
  }

  private async own(userId: number, id: number): Promise<LoanRow> {
    const [row] = await this.db
      .select()
      .from(loans)
      .where(and(eq(loans.id, id), eq(loans.userId, userId)));
    if (!row) throw new AppError('LOAN_NOT_FOUND');
    return row;
  }

  async detail(userId: number, id: number, lang: LanguageKey = 'en') {
    const loan = await this.own(userId, id);
    const [stored, repayments] = await Promise.all([
      this.db.select().from(loanAccruals).where(eq(loanAccruals.loanId, id)).orderBy(desc(loanAccruals.date)),
      this.db.select().from(loanRepayments).where(eq(loanRepayments.loanId, id)).orderBy(desc(loanRepayments.id)),
    ]);
    return loanDetailView(loan, await this.decimalsOf(loan.currency), this.now(), stored, repayments, lang);
  }

  private static assertPrecision(amount: Money, currency: string, decimals: number) {
    if (amount.decimalPlaces() > decimals)
      throw new AppError('LOAN_REPAY_PRECISION', undefined, { currency, decimals });
  }

  private static assertAtMost(amount: Money, owed: Owed, currency: string) {
    if (amount.gt(owedTotal(owed))) {
      throw new AppError('LOAN_REPAY_TOO_MUCH', undefined, { owed: moneyString(owedTotal(owed)), currency });
    }
  }

  /**
   * What paying `amount` (the whole debt when left out) on `date` (today when left out) would
   * settle: the days up to the one before are accrued first, as the job will.
   */
  async preview(userId: number, query: { id: number; amount?: string; date?: string }) {
    const loan = await this.own(userId, query.id);
    if (!isActive(loan)) throw new AppError('LOAN_NOT_REPAYABLE');
    const now = this.now();
    const today = utcDate(now);
    const date = query.date ?? today;
    if (date < today || date > addDays(today, previewDaysAhead)) {
      throw new AppError('LOAN_PREVIEW_DATE_INVALID', undefined, { days: previewDaysAhead });
    }
    const decimals = await this.decimalsOf(loan.currency);
    const owed = owedAfter(loan, accrualDays(loan, decimals, addDays(date, -1)));
    const amount = query.amount === undefined ? owedTotal(owed) : new Money(query.amount);
    LoanService.assertPrecision(amount, loan.currency, decimals);
    LoanService.assertAtMost(amount, owed, loan.currency);
    const paid = splitPayment(owed, amount);
    const left = {
      principal: owed.principal.minus(paid.principal),
      interest: owed.interest.minus(paid.interest),
      penalty: owed.penalty.minus(paid.penalty),
    };
    return {
      date,
      amount: moneyString(amount),
      owed: owedView(owed),
      paid: owedView(paid),
      left: owedView(left),
      overdue: loan.dueDate !== null && date > loan.dueDate,
    };
  }

  /**
   * One transaction: the loan row is locked, every ended day is accrued, then the payment settles
   * penalty, interest and principal in that order (`loan_repay`); the principal returns to
   * `loans_receivable`, interest and penalty go to `loan_income`. Paid off: status repaid.
   */
  async repay(
    userId: number,
    body: { id: number; amount: string },
    claim?: IdempotencyClaim,
    lang: LanguageKey = 'en',
  ) {
    const existing = await this.own(userId, body.id);
    const decimals = await this.decimalsOf(existing.currency);
    const amount = new Money(body.amount);
    LoanService.assertPrecision(amount, existing.currency, decimals);
    const now = this.now();
    return this.deps.ledger.transaction(async (book) => {
      const [locked] = await book.tx
        .select()
        .from(loans)
        .where(and(eq(loans.id, body.id), eq(loans.userId, userId)))
        .for('update');
      if (!locked) throw new AppError('LOAN_NOT_FOUND');
      if (!isActive(locked)) throw new AppError('LOAN_NOT_REPAYABLE');
      const loan = await accrueLoan(book, locked, decimals, lastEndedDay(now));
      const owed = owedAfter(loan, []);
      LoanService.assertAtMost(amount, owed, loan.currency);
      const paid = splitPayment(owed, amount);
      const income = paid.interest.plus(paid.penalty);
      const { currency } = loan;
      const entryId = await book.post({ kind: 'loan_repay', reference: `loan:${loan.id}`, userId }, [
        { userId, bucket: 'available', currency, amount: amount.neg() },
        { platform: 'loans_receivable', currency, amount: paid.principal },
        { platform: 'loan_income', currency, amount: income },
      ]);
      const [repayment] = await book.tx
        .insert(loanRepayments)
        .values({
          loanId: loan.id,
          userId,
          amount: moneyString(amount),
          penalty: moneyString(paid.penalty),
          interest: moneyString(paid.interest),
          principal: moneyString(paid.principal),
          entryId,
          createdAt: now,
        })
        .returning();
      if (!repayment) throw new Error('insert returned no repayment');
      const principal = owed.principal.minus(paid.principal);
      const paidOff = principal.isZero();
      const [after] = await book.tx
        .update(loans)
        .set({
          principal: moneyString(principal),
          interest: moneyString(owed.interest.minus(paid.interest)),
          penalty: moneyString(owed.penalty.minus(paid.penalty)),
          repaidTotal: moneyString(new Money(loan.repaidTotal).plus(amount)),
          ...(paidOff ? { status: loanStatuses.repaid, repaidAt: now } : {}),
        })
        .where(eq(loans.id, loan.id))
        .returning();
      if (!after) throw new Error('update returned no loan');
      if (paidOff) {
        await sendNotice(book, {
          userId,
          kind: 'loanRepaid',
          params: { amount: moneyString(after.repaidTotal), currency },
          reference: `loan:${loan.id}`,
        });
      }
      return {
        loan: loanView(after, decimals, now, lang),
        repayment: {
          id: repayment.id,
          time: repayment.createdAt.toISOString(),
          amount: moneyString(repayment.amount),
          penalty: moneyString(repayment.penalty),
          interest: moneyString(repayment.interest),
          principal: moneyString(repayment.principal),
        },
      };
    }, claim);
  }
}
