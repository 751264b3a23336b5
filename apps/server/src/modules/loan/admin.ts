import { type LoanReviewBody, loanApprovalStatuses, type loanProductBody, loanStatuses } from '@soar/contract';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../core/audit.ts';
import { currencyRates, rateOf } from '../../core/currency.ts';
import type { IdempotencyClaim } from '../../core/idempotency.ts';
import { pageWithMembers, withMember } from '../../core/members.ts';
import { type QueueSearch, queueConditions } from '../../core/queue.ts';
import { reviewRecord } from '../../core/review.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { appSettings, loanProducts, loans } from '../../db/schema/index.ts';
import { utcDate } from '../../jobs/schedules.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { Actor } from '../../lib/route.ts';
import { allTranslations, splitTranslations } from '../../lib/translations.ts';
import { sendNotice } from '../notice/index.ts';
import { addDays, type LoanRow } from './accrual.ts';
import { type LoanDeps, type LoanSetting, loanSetting } from './service.ts';
import { loanView, type ProductRow, productView } from './views.ts';

type ProductInput = z.output<typeof loanProductBody>;
type Who = Pick<Actor, 'operatorId' | 'ip'>;

const adminProductView = (row: ProductRow) => ({
  ...productView(row),
  translations: allTranslations({ name: row.name }, row.translations),
  sort: row.sort,
  closedAt: row.closedAt?.toISOString() ?? null,
});

/**
 * docs/admin.md, Rules: an approved amount lies within the range of the product the member
 * applied to (its terms as accepted) and never above the amount applied for.
 */
function approvableRange(loan: LoanRow) {
  const applied = new Money(loan.amount);
  const maximum = new Money(loan.terms.maxAmount);
  return { min: new Money(loan.terms.minAmount), max: applied.lt(maximum) ? applied : maximum };
}

/** Operators: loan products, the review queue (approval disburses at once), the KYC rule. */
export class LoanAdmin {
  constructor(private readonly deps: LoanDeps) {}

  private get db() {
    return this.deps.db;
  }

  private adminLoanView(row: LoanRow, decimals: number) {
    return {
      ...loanView(row, decimals, new Date(this.deps.clock())),
      userId: row.userId,
      signature: row.signature,
      terms: row.terms,
      reviewerId: row.reviewerId,
    };
  }

  async products() {
    const rows = await this.db.select().from(loanProducts).orderBy(asc(loanProducts.sort), asc(loanProducts.id));
    return rows.map(adminProductView);
  }

  /** `translations` replaces the name in every language; `name` alone is the English name only. */
  private async checked(input: ProductInput, db: Transaction | Database = this.db) {
    rateOf(await currencyRates(db), input.currency);
    if (new Money(input.maxAmount).lt(input.minAmount)) {
      throw new AppError('LOAN_PRODUCT_INVALID', 'loan.invalid.amounts');
    }
    const { translations, ...terms } = input;
    if (!translations) return { ...terms, name: input.name ?? '' };
    const { english, others } = splitTranslations(translations);
    return { ...terms, name: english.name, translations: others };
  }

  async createProduct(actor: Who, input: ProductInput) {
    const values = await this.checked(input);
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(loanProducts).values(values).returning();
      if (!row) throw new Error('insert returned no loan product');
      const after = adminProductView(row);
      await recordAudit(tx, {
        ...actor,
        action: 'loan-product.create',
        entity: 'loan_product',
        entityId: row.id,
        before: null,
        after,
      });
      return after;
    });
  }

  /** Loans keep the terms they were applied for with; a change applies to new applications. */
  async updateProduct(actor: Who, id: number, input: Partial<ProductInput>) {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(loanProducts).where(eq(loanProducts.id, id)).for('update');
      if (!before) throw new AppError('LOAN_PRODUCT_NOT_FOUND');
      const values = await this.checked(
        {
          name: before.name,
          currency: before.currency,
          cycleDays: before.cycleDays,
          dailyInterestRate: moneyString(before.dailyInterestRate),
          dailyPenaltyRate: moneyString(before.dailyPenaltyRate),
          minAmount: moneyString(before.minAmount),
          maxAmount: moneyString(before.maxAmount),
          sort: before.sort,
          ...input,
        },
        tx,
      );
      const [row] = await tx.update(loanProducts).set(values).where(eq(loanProducts.id, id)).returning();
      if (!row) throw new Error('update returned no loan product');
      const after = adminProductView(row);
      await recordAudit(tx, {
        ...actor,
        action: 'loan-product.update',
        entity: 'loan_product',
        entityId: id,
        before: adminProductView(before),
        after,
      });
      return after;
    });
  }

  async closeProduct(actor: Who, id: number) {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(loanProducts).where(eq(loanProducts.id, id)).for('update');
      if (!before) throw new AppError('LOAN_PRODUCT_NOT_FOUND');
      if (before.closedAt) return adminProductView(before);
      const [row] = await tx
        .update(loanProducts)
        .set({ closedAt: new Date(this.deps.clock()) })
        .where(eq(loanProducts.id, id))
        .returning();
      if (!row) throw new Error('update returned no loan product');
      const after = adminProductView(row);
      await recordAudit(tx, {
        ...actor,
        action: 'loan-product.close',
        entity: 'loan_product',
        entityId: id,
        before: adminProductView(before),
        after,
      });
      return after;
    });
  }

  async list(query: PageQuery & QueueSearch & { approvalStatus?: number; status?: number; userId?: number }) {
    const where = and(
      queueConditions(query, {
        id: loans.id,
        userId: loans.userId,
        amount: loans.amount,
        time: loans.createdAt,
        waiting: eq(loans.approvalStatus, loanApprovalStatuses.pending),
      }),
      query.userId === undefined ? undefined : eq(loans.userId, query.userId),
      query.approvalStatus === undefined ? undefined : eq(loans.approvalStatus, query.approvalStatus),
      query.status === undefined ? undefined : eq(loans.status, query.status),
    );
    const page = await paginate(
      query,
      this.db.select().from(loans).where(where).orderBy(desc(loans.id)).$dynamic(),
      this.db.select({ total: count() }).from(loans).where(where),
      (row) => row,
    );
    const rates = await currencyRates(this.db);
    return pageWithMembers(this.db, {
      ...page,
      list: page.list.map((row) => this.adminLoanView(row, rates.get(row.currency)?.decimals ?? 2)),
    });
  }

  /**
   * Locks the application, checks it still waits, then approves (the approved amount, within the
   * product's range and at most the amount applied for, leaves `loans_receivable` for the member's `available`:
   * `loan_disburse`) or refuses with a reason; one notice and one audit record either way.
   */
  async review(actor: Who, body: LoanReviewBody, claim?: IdempotencyClaim) {
    const now = new Date(this.deps.clock());
    const rates = await currencyRates(this.db);
    return this.deps.ledger.transaction(async (book) => {
      const view = (row: LoanRow) => this.adminLoanView(row, rates.get(row.currency)?.decimals ?? 2);
      const reviewed = await reviewRecord(book.tx, {
        table: loans,
        id: body.id,
        waiting: { column: 'approvalStatus', is: loanApprovalStatuses.pending },
        notFound: 'LOAN_NOT_FOUND',
        audit: { by: actor, action: 'loan.review', entity: 'loan', view },
        decide: async (before) => {
          if (body.status === loanApprovalStatuses.approved) {
            const amount = new Money(body.amount ?? before.amount);
            const range = approvableRange(before);
            if (amount.lt(range.min) || amount.gt(range.max)) {
              throw new AppError('LOAN_APPROVE_AMOUNT_INVALID', undefined, {
                min: moneyString(range.min),
                max: moneyString(range.max),
                currency: before.currency,
              });
            }
            await book.post({ kind: 'loan_disburse', reference: `loan:${before.id}`, userId: before.userId }, [
              { platform: 'loans_receivable', currency: before.currency, amount: amount.neg() },
              { userId: before.userId, bucket: 'available', currency: before.currency, amount },
            ]);
            return {
              approvalStatus: loanApprovalStatuses.approved,
              status: loanStatuses.disbursed,
              approvedAmount: moneyString(amount),
              principal: moneyString(amount),
              reviewerId: actor.operatorId,
              reviewedAt: now,
              disbursedAt: now,
              dueDate: addDays(utcDate(now), before.terms.cycleDays),
            };
          }
          const refuseReason = body.reason?.trim();
          if (!refuseReason) throw new AppError('LOAN_REFUSE_REASON_REQUIRED');
          return {
            approvalStatus: loanApprovalStatuses.refused,
            refuseReason,
            reviewerId: actor.operatorId,
            reviewedAt: now,
          };
        },
      });
      const { after } = reviewed;
      const { userId, currency } = after;
      await sendNotice(
        book,
        after.approvalStatus === loanApprovalStatuses.approved
          ? {
              userId,
              kind: 'loanApproved',
              params: {
                amount: moneyString(after.approvedAmount ?? after.amount),
                currency,
                dueDate: after.dueDate ?? '',
              },
              reference: `loan:${after.id}`,
            }
          : {
              userId,
              kind: 'loanRefused',
              params: { amount: moneyString(after.amount), currency, reason: after.refuseReason ?? '' },
              reference: `loan:${after.id}`,
            },
      );
      return withMember(book.tx, reviewed.view);
    }, claim);
  }

  setting(): Promise<LoanSetting> {
    return loanSetting(this.db);
  }

  async updateSetting(actor: Who, value: LoanSetting) {
    return this.db.transaction(async (tx) => {
      const before = await loanSetting(tx);
      await tx
        .insert(appSettings)
        .values({ key: 'loan', value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
      await recordAudit(tx, {
        ...actor,
        action: 'loan.setting',
        entity: 'app_setting',
        entityId: 'loan',
        before,
        after: value,
      });
      return value;
    });
  }
}
