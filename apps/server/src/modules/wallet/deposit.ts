import { type DepositApplyBody, type DepositReviewBody, depositStatuses, maxPendingDeposits } from '@soar/contract';
import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import {
  assertCurrencyDecimals,
  type CurrencyRate,
  convertLanding,
  currencyRates,
  rateOf,
} from '../../core/currency.ts';
import type { IdempotencyClaim } from '../../core/idempotency.ts';
import { pageWithMembers, withMember } from '../../core/members.ts';
import { type QueueSearch, queueConditions } from '../../core/queue.ts';
import { reviewRecord } from '../../core/review.ts';
import { formatLocalTime } from '../../core/time.ts';
import type { Database } from '../../db/client.ts';
import { depositChannels, deposits, uploads } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { Book, Ledger } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';
import { walletSetting } from './wallet-setting.ts';

type DepositRow = typeof deposits.$inferSelect;
type ChannelRow = typeof depositChannels.$inferSelect;
export type Reviewer = { operatorId: number; ip: string };

export function channelView(row: ChannelRow) {
  return {
    id: row.id,
    type: row.type,
    currency: row.currency,
    bankName: row.bankName,
    accountName: row.accountName,
    accountNumber: row.accountNumber,
    branch: row.branch,
    swift: row.swift,
    network: row.network,
    address: row.address,
    qr: row.type === 'crypto' ? row.address : null,
  };
}

function depositView(row: DepositRow) {
  return {
    id: row.id,
    type: row.type,
    currency: row.currency,
    network: row.network,
    amount: moneyString(row.amount),
    auditAmount: row.auditAmount === null ? null : moneyString(row.auditAmount),
    creditCurrency: row.creditCurrency,
    convertedAmount: moneyString(row.convertedAmount),
    status: row.status,
    submitTime: row.createdAt.toISOString(),
    auditTime: row.auditedAt?.toISOString() ?? null,
    remark: row.remark,
    source: row.source,
    txHash: row.txHash,
    chainState: row.chainState,
    confirmations: row.confirmations,
    confirmationsNeeded: row.confirmationsNeeded,
  };
}

/** A member's deposit as the member sees it, times in their timezone. */
export function memberDepositView(row: DepositRow, timezone: string) {
  return {
    ...depositView(row),
    timezone,
    submitTimeLocal: formatLocalTime(row.createdAt, timezone),
    auditTimeLocal: row.auditedAt ? formatLocalTime(row.auditedAt, timezone) : null,
  };
}

/**
 * The ledger entry of a credited deposit: `credited` in the deposit's currency leaves
 * cash_in_transit and reaches the member's credit currency, through fx when they differ
 * (docs/ledger.md). Answers the amount credited in the credit currency.
 */
export async function postDepositCredit(
  book: Book,
  deposit: Pick<DepositRow, 'id' | 'userId' | 'currency' | 'creditCurrency'>,
  credited: Money,
  rates: Map<string, CurrencyRate>,
): Promise<Money> {
  const { converted, received, remainder } = convertLanding(rates, credited, deposit.currency, deposit.creditCurrency);
  if (credited.isZero()) return received;
  const header = { kind: 'deposit', reference: `deposit:${deposit.id}`, userId: deposit.userId };
  const credit = { userId: deposit.userId, bucket: 'available' as const, currency: deposit.creditCurrency };
  if (deposit.currency === deposit.creditCurrency) {
    await book.post(header, [
      { platform: 'cash_in_transit', currency: deposit.currency, amount: credited.neg() },
      { ...credit, amount: credited },
    ]);
  } else {
    // The credit lands in whole minor units of the credit currency; the rest is the platform's.
    await book.post(header, [
      { platform: 'cash_in_transit', currency: deposit.currency, amount: credited.neg() },
      { platform: 'fx', currency: deposit.currency, amount: credited },
      { platform: 'fx', currency: deposit.creditCurrency, amount: converted.neg() },
      { ...credit, amount: received },
      { platform: 'rounding', currency: deposit.creditCurrency, amount: remainder },
    ]);
  }
  return received;
}

export function adminDepositView(row: DepositRow) {
  return {
    ...depositView(row),
    userId: row.userId,
    proof: row.proof,
    txHash: row.txHash,
    bankName: row.bankName,
    bankBranch: row.bankBranch,
    account: row.account,
    bankCode: row.bankCode,
    reviewerId: row.reviewerId,
  };
}

/** Deposits (docs/product.md section 4: 0 wait, 1 pass, 2 part, 3 refuse): applied by members, credited on review. */
export class DepositService {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
  ) {}

  async channels() {
    const rows = await this.db
      .select()
      .from(depositChannels)
      .where(and(eq(depositChannels.enabled, true), isNull(depositChannels.deletedAt)))
      .orderBy(asc(depositChannels.sort), asc(depositChannels.id));
    return rows.map(channelView);
  }

  async apply(userId: number, body: DepositApplyBody, claim?: IdempotencyClaim) {
    const rates = await currencyRates(this.db);
    rateOf(rates, body.currency);
    if (body.type === 'crypto' && !body.proof && !body.txHash) throw new AppError('PROOF_REQUIRED');
    if (body.proof) {
      const [proof] = await this.db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.id, body.proof), eq(uploads.userId, userId)));
      if (!proof) throw new AppError('PROOF_NOT_FOUND');
    }
    const setting = await walletSetting(this.db);
    const creditCurrency = setting.depositCreditCurrency[body.currency] ?? body.currency;
    rateOf(rates, creditCurrency);
    const amount = new Money(body.amount);
    return this.ledger.transaction(async ({ tx }) => {
      // One member's applications queue here, so racing ones cannot all pass the count.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`soar:deposit-wait:${userId}`}))`);
      // Deposits seen on chain wait for confirmations, not for an operator: they do not count.
      const [waiting] = await tx
        .select({ n: count() })
        .from(deposits)
        .where(
          and(eq(deposits.userId, userId), eq(deposits.status, depositStatuses.wait), eq(deposits.source, 'manual')),
        );
      if ((waiting?.n ?? 0) >= maxPendingDeposits) {
        throw new AppError('DEPOSIT_PENDING_LIMIT', undefined, { limit: maxPendingDeposits });
      }
      const [row] = await tx
        .insert(deposits)
        .values({
          userId,
          type: body.type,
          currency: body.currency,
          amount: moneyString(amount),
          creditCurrency,
          convertedAmount: moneyString(convertLanding(rates, amount, body.currency, creditCurrency).received),
          network: body.type === 'crypto' ? body.network : null,
          txHash: body.type === 'crypto' ? (body.txHash ?? null) : null,
          proof: body.proof ?? null,
          ...(body.type === 'bank'
            ? { bankName: body.bankName, bankBranch: body.bankBranch, account: body.account, bankCode: body.bankCode }
            : {}),
        })
        .returning();
      if (!row) throw new Error('insert returned no deposit');
      return depositView(row);
    }, claim);
  }

  async records(userId: number, query: PageQuery, timezone: string) {
    return this.page(eq(deposits.userId, userId), query, (row) => memberDepositView(row, timezone));
  }

  async adminList(query: PageQuery & QueueSearch & { status?: number }) {
    const where = and(
      query.status === undefined ? undefined : eq(deposits.status, query.status),
      queueConditions(query, {
        id: deposits.id,
        userId: deposits.userId,
        amount: deposits.amount,
        time: deposits.createdAt,
        waiting: eq(deposits.status, depositStatuses.wait),
      }),
    );
    return pageWithMembers(this.db, await this.page(where, query, adminDepositView));
  }

  private page<T>(where: SQL | undefined, query: PageQuery, view: (row: typeof deposits.$inferSelect) => T) {
    return paginate(
      query,
      this.db.select().from(deposits).where(where).orderBy(desc(deposits.id)).$dynamic(),
      this.db.select({ total: count() }).from(deposits).where(where),
      view,
    );
  }

  /**
   * Pass credits the amount, part credits the audit amount (above zero, below the amount), refuse
   * credits nothing. The record row is locked first, so a second or concurrent review finds it
   * decided and is refused without moving money.
   */
  async review(reviewer: Reviewer, body: DepositReviewBody, claim?: IdempotencyClaim) {
    const rates = await currencyRates(this.db);
    return this.ledger.transaction(async (book) => {
      let credited = new Money(0);
      const { before, view } = await reviewRecord(book.tx, {
        table: deposits,
        id: body.id,
        waiting: { column: 'status', is: depositStatuses.wait },
        notFound: 'NOT_FOUND',
        audit: { by: reviewer, action: 'deposit.review', entity: 'deposit', view: adminDepositView },
        decide: async (before) => {
          // The chain watcher credits these after their confirmations; a hand review could credit twice.
          if (before.source === 'chain') throw new AppError('DEPOSIT_ON_CHAIN');
          const amount = new Money(before.amount);
          if (body.status === depositStatuses.pass) credited = amount;
          if (body.status === depositStatuses.part) {
            const audit = new Money(body.auditAmount ?? 0);
            if (!audit.isPositive() || audit.isZero() || audit.gte(amount)) throw new AppError('AUDIT_AMOUNT_INVALID');
            assertCurrencyDecimals('auditAmount', audit, rateOf(rates, before.currency));
            credited = audit;
          }
          const converted = await postDepositCredit(book, before, credited, rates);
          return {
            status: body.status,
            auditAmount: body.status === depositStatuses.refuse ? null : moneyString(credited),
            convertedAmount: moneyString(body.status === depositStatuses.refuse ? before.convertedAmount : converted),
            remark: body.remark ?? null,
            reviewerId: reviewer.operatorId,
            auditedAt: new Date(),
          };
        },
      });
      await sendNotice(book, {
        userId: before.userId,
        kind:
          body.status === depositStatuses.pass
            ? 'depositPassed'
            : body.status === depositStatuses.part
              ? 'depositPartial'
              : 'depositRefused',
        params: { amount: moneyString(before.amount), currency: before.currency, credited: moneyString(credited) },
        reference: `deposit:${before.id}`,
      });
      return withMember(book.tx, view);
    }, claim);
  }
}
