import { type CryptoNetwork, kycStatuses, withdrawStatuses } from '@soar/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users, walletAddresses, withdrawals } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import { reviewRecord } from '../admin/review.ts';
import type { IdempotencyClaim } from '../ledger/idempotency.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { verifyPayPassword } from '../member/pay-password.ts';
import { sendNotice } from '../notice/send.ts';
import { isValidAddress } from './addresses.ts';
import type { Reviewer } from './deposit.ts';
import { type CurrencyRate, currencyRates, rateOf, type WalletSetting, walletSetting } from './rates.ts';

type WithdrawalRow = typeof withdrawals.$inferSelect;

function withdrawalView(row: WithdrawalRow) {
  return {
    id: row.id,
    currency: row.currency,
    amount: moneyString(row.amount),
    fee: moneyString(row.fee),
    walletName: row.walletName,
    network: row.network,
    address: row.address,
    status: row.status,
    submitTime: row.createdAt.toISOString(),
    auditTime: row.auditedAt?.toISOString() ?? null,
    remark: row.remark,
  };
}

export function adminWithdrawalView(row: WithdrawalRow) {
  return { ...withdrawalView(row), userId: row.userId, reviewerId: row.reviewerId };
}

/** A USD figure in a currency, rounded up to its decimals (a minimum never rounds below itself). */
function fromUsd(usd: Money | string, rate: CurrencyRate): Money {
  return new Money(usd).div(rate.rateToUsd).toDecimalPlaces(rate.decimals, Money.ROUND_UP);
}

function rulesFor(setting: WalletSetting, rate: CurrencyRate) {
  return {
    currency: rate.code,
    minimum: fromUsd(setting.withdrawMinimumUsd, rate),
    feeMinimum: fromUsd(setting.withdrawFeeMinimumUsd, rate),
  };
}

/** The fee (e.g. 1%, at least $1 equivalent), rounded up to 8 places. */
export function withdrawalFee(setting: WalletSetting, rate: CurrencyRate, amount: Money): Money {
  const proportional = amount.times(setting.withdrawFeeRate).toDecimalPlaces(8, Money.ROUND_UP);
  return Money.max(proportional, rulesFor(setting, rate).feeMinimum);
}

/** Bound wallets and withdrawals (docs/product.md section 4: 0 wait, 1 pass, 2 refuse). */
export class WithdrawService {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
  ) {}

  async addresses(userId: number) {
    const rows = await this.db
      .select()
      .from(walletAddresses)
      .where(eq(walletAddresses.userId, userId))
      .orderBy(desc(walletAddresses.id));
    return rows.map(({ userId: _owner, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() }));
  }

  async addAddress(userId: number, body: { name: string; currency: string; network: CryptoNetwork; address: string }) {
    rateOf(await currencyRates(this.db), body.currency);
    if (!isValidAddress(body.network, body.address)) {
      throw new AppError('ADDRESS_INVALID', undefined, { network: body.network });
    }
    const [row] = await this.db
      .insert(walletAddresses)
      .values({ userId, ...body })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('ADDRESS_EXISTS');
    const { userId: _owner, createdAt, ...view } = row;
    return { ...view, createdAt: createdAt.toISOString() };
  }

  async removeAddress(userId: number, id: number) {
    const removed = await this.db
      .delete(walletAddresses)
      .where(and(eq(walletAddresses.id, id), eq(walletAddresses.userId, userId)))
      .returning({ id: walletAddresses.id });
    if (removed.length === 0) throw new AppError('WALLET_NOT_FOUND');
    return { id };
  }

  async config() {
    const [setting, rates] = await Promise.all([walletSetting(this.db), currencyRates(this.db)]);
    return {
      minimumUsd: moneyString(setting.withdrawMinimumUsd),
      feeRate: moneyString(setting.withdrawFeeRate),
      feeMinimumUsd: moneyString(setting.withdrawFeeMinimumUsd),
      currencies: [...rates.values()]
        .filter((rate) => rate.enabled)
        .map((rate) => {
          const rules = rulesFor(setting, rate);
          return {
            currency: rate.code,
            minimum: moneyString(rules.minimum),
            feeMinimum: moneyString(rules.feeMinimum),
          };
        }),
      processingKey: 'wallet.withdrawProcessing',
      requiresKyc: setting.withdrawRequiresKyc,
    };
  }

  /**
   * Checks the rules (minimum, own wallet, KYC when required, pay password), then freezes amount
   * plus fee in one transaction; the ledger refuses it when the available balance is short.
   */
  async apply(
    userId: number,
    body: { amount: string; currency: string; walletId: number; payPassword: string },
    claim?: IdempotencyClaim,
  ) {
    const [setting, rates] = await Promise.all([walletSetting(this.db), currencyRates(this.db)]);
    const rate = rateOf(rates, body.currency);
    const amount = new Money(body.amount);
    const minimum = rulesFor(setting, rate).minimum;
    if (amount.lt(minimum)) {
      throw new AppError('WITHDRAW_BELOW_MINIMUM', undefined, { minimum: moneyString(minimum), currency: rate.code });
    }
    const [wallet] = await this.db
      .select()
      .from(walletAddresses)
      .where(and(eq(walletAddresses.id, body.walletId), eq(walletAddresses.userId, userId)));
    if (!wallet) throw new AppError('WALLET_NOT_FOUND');
    const [user] = await this.db
      .select({ kycStatus: users.kycStatus, withdrawFrozen: users.withdrawFrozen })
      .from(users)
      .where(eq(users.id, userId));
    if (user?.withdrawFrozen) throw new AppError('WITHDRAW_FROZEN');
    if (setting.withdrawRequiresKyc && user?.kycStatus !== kycStatuses.passed) throw new AppError('KYC_REQUIRED');
    await verifyPayPassword(this.db, userId, body.payPassword);
    const fee = withdrawalFee(setting, rate, amount);
    return this.freeze(userId, { currency: rate.code, amount, fee, wallet }, claim);
  }

  /** The money part of `apply`: amount plus fee move from available to frozen. */
  async freeze(
    userId: number,
    order: { currency: string; amount: Money; fee: Money; wallet: typeof walletAddresses.$inferSelect },
    claim?: IdempotencyClaim,
  ) {
    const total = order.amount.plus(order.fee);
    return this.ledger.transaction(async (book) => {
      const [row] = await book.tx
        .insert(withdrawals)
        .values({
          userId,
          currency: order.currency,
          amount: moneyString(order.amount),
          fee: moneyString(order.fee),
          walletId: order.wallet.id,
          walletName: order.wallet.name,
          network: order.wallet.network,
          address: order.wallet.address,
        })
        .returning();
      if (!row) throw new Error('insert returned no withdrawal');
      await book.post({ kind: 'withdraw_freeze', reference: `withdrawal:${row.id}`, userId }, [
        { userId, bucket: 'available', currency: order.currency, amount: total.neg() },
        { userId, bucket: 'frozen', currency: order.currency, amount: total },
      ]);
      return withdrawalView(row);
    }, claim);
  }

  async records(userId: number, query: PageQuery) {
    return this.page(eq(withdrawals.userId, userId), query, withdrawalView);
  }

  async adminList(query: PageQuery & { status?: number }) {
    const where = query.status === undefined ? undefined : eq(withdrawals.status, query.status);
    return this.page(where, query, adminWithdrawalView);
  }

  private page<T>(where: SQL | undefined, query: PageQuery, view: (row: WithdrawalRow) => T) {
    return paginate(
      query,
      this.db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)).$dynamic(),
      this.db.select({ total: count() }).from(withdrawals).where(where),
      view,
    );
  }

  /** Pass: the frozen amount leaves to cash_out and the fee to fees. Refuse: it all returns to available. */
  async review(reviewer: Reviewer, body: { id: number; status: 1 | 2; remark?: string }, claim?: IdempotencyClaim) {
    return this.ledger.transaction(async (book) => {
      const { before, view } = await reviewRecord(book.tx, {
        table: withdrawals,
        id: body.id,
        waiting: { column: 'status', is: withdrawStatuses.wait },
        notFound: 'NOT_FOUND',
        audit: { by: reviewer, action: 'withdraw.review', entity: 'withdrawal', view: adminWithdrawalView },
        decide: async (before) => {
          const { userId, currency } = before;
          const amount = new Money(before.amount);
          const fee = new Money(before.fee);
          const total = amount.plus(fee);
          const reference = `withdrawal:${before.id}`;
          if (body.status === withdrawStatuses.pass) {
            await book.post({ kind: 'withdraw_pass', reference, userId }, [
              { userId, bucket: 'frozen', currency, amount: total.neg() },
              { platform: 'cash_out', currency, amount },
              { platform: 'fees', currency, amount: fee },
            ]);
          } else {
            await book.post({ kind: 'withdraw_refuse', reference, userId }, [
              { userId, bucket: 'frozen', currency, amount: total.neg() },
              { userId, bucket: 'available', currency, amount: total },
            ]);
          }
          return {
            status: body.status,
            remark: body.remark ?? null,
            reviewerId: reviewer.operatorId,
            auditedAt: new Date(),
          };
        },
      });
      await sendNotice(book, {
        userId: before.userId,
        kind: body.status === withdrawStatuses.pass ? 'withdrawPassed' : 'withdrawRefused',
        params: { amount: moneyString(before.amount), currency: before.currency },
        reference: `withdrawal:${before.id}`,
      });
      return view;
    }, claim);
  }
}
