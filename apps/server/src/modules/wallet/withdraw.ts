import {
  type CryptoNetwork,
  kycStatuses,
  maxWalletAddresses,
  networkCurrencies,
  payoutStates,
  type WithdrawReviewBody,
  withdrawStatuses,
} from '@soar/contract';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type CurrencyRate, crossRate, currencyRates, maxLedgerAmount, rateOf } from '../../core/currency.ts';
import type { IdempotencyClaim } from '../../core/idempotency.ts';
import { pageWithMembers, withMember } from '../../core/members.ts';
import { verifyPayPassword } from '../../core/pay-password.ts';
import { type QueueSearch, queueConditions } from '../../core/queue.ts';
import { reviewRecord } from '../../core/review.ts';
import { holdTime, type StartedHold, startWithdrawalHold, withdrawalHoldOf } from '../../core/withdrawal-hold.ts';
import { type Database, queryText, type Transaction } from '../../db/client.ts';
import { tableRow } from '../../db/rows.ts';
import { users, walletAddresses, withdrawals } from '../../db/schema/index.ts';
import { isValidAddress } from '../../lib/chain-address.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { Ledger } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';
import type { Reviewer } from './deposit.ts';
import { type WalletSetting, walletSetting } from './wallet-setting.ts';

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
    arrivalCurrency: row.arrivalCurrency,
    arrivalAmount: row.arrivalAmount === null ? null : moneyString(row.arrivalAmount),
    rate: row.rate === null ? null : moneyString(row.rate),
    status: row.status,
    submitTime: row.createdAt.toISOString(),
    auditTime: row.auditedAt?.toISOString() ?? null,
    remark: row.remark,
    payoutState: row.payoutState,
    txHash: row.txHash,
    payoutReference: row.payoutReference,
    heldUntil: row.heldUntil?.toISOString() ?? null,
  };
}

export function adminWithdrawalView(row: WithdrawalRow) {
  return { ...withdrawalView(row), userId: row.userId, reviewerId: row.reviewerId };
}

/** A USD figure in a currency, rounded up to its decimals (a minimum never rounds below itself). */
function fromUsd(usd: Money | string, rate: CurrencyRate): Money {
  return new Money(usd).div(rate.rateToUsd).toDecimalPlaces(rate.decimals, Money.ROUND_UP);
}

/** Whether a wallet on `network` can receive `currency` (a network carries only its own tokens). */
function networkCarries(network: string, currency: string): boolean {
  const carried: readonly string[] = networkCurrencies[network as CryptoNetwork] ?? [];
  return carried.includes(currency);
}

/**
 * What reaches a wallet: the withdrawn amount converted into the wallet's currency at the
 * currency list's rate, the rate fixed to 12 places and the amount rounded down to the wallet
 * currency's decimals, what can arrive (docs/ledger.md, Withdrawals).
 */
export function withdrawalArrival(rates: Map<string, CurrencyRate>, amount: Money, from: string, to: string) {
  const rate = from === to ? new Money(1) : crossRate(rates, from, to).toDecimalPlaces(12, Money.ROUND_DOWN);
  const arrival = amount.times(rate).toDecimalPlaces(rates.get(to)?.decimals ?? 8, Money.ROUND_DOWN);
  if (arrival.gt(maxLedgerAmount)) throw new AppError('AMOUNT_TOO_LARGE');
  return { currency: to, amount: arrival, rate };
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
/** A constant statement: drizzle's insert builder cost more than the insert (docs/performance.md, bench:ledger). */
const insertStatement = `insert into withdrawals (user_id, currency, amount, fee, wallet_id, wallet_name, network, address,
    arrival_currency, arrival_amount, rate, held_until)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning *`;

/**
 * Whether a withdrawal being passed is paid on chain by the signer (docs/ledger.md, On chain);
 * asked inside the review's transaction. Without it every withdrawal is paid by hand.
 */
export type PayoutRouting = { onChain(tx: Transaction, withdrawal: WithdrawalRow): Promise<boolean> };

export class WithdrawService {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly payouts?: PayoutRouting,
  ) {}

  async addresses(userId: number) {
    const rows = await this.db
      .select()
      .from(walletAddresses)
      .where(eq(walletAddresses.userId, userId))
      .orderBy(desc(walletAddresses.id));
    return rows.map(({ userId: _owner, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() }));
  }

  /**
   * Money can leave to a bound wallet, so binding one asks for the pay password (with its lockout)
   * and starts a withdrawal hold (docs/ledger.md, Withdrawal holds); the binding's time is the
   * app's clock, which allow-list mode compares with the hold's start.
   */
  async addAddress(
    userId: number,
    {
      payPassword,
      ...wallet
    }: { name: string; currency: string; network: CryptoNetwork; address: string; payPassword: string },
  ) {
    rateOf(await currencyRates(this.db), wallet.currency);
    if (!networkCarries(wallet.network, wallet.currency)) {
      throw new AppError('WALLET_CURRENCY', undefined, { network: wallet.network, currency: wallet.currency });
    }
    if (!isValidAddress(wallet.network, wallet.address)) {
      throw new AppError('ADDRESS_INVALID', undefined, { network: wallet.network });
    }
    await verifyPayPassword(this.db, userId, payPassword);
    const now = new Date(this.ledger.clock());
    return this.db.transaction(async (tx) => {
      // One member's bindings queue here, so racing ones cannot all pass the count.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`soar:wallet-address:${userId}`}))`);
      const [bound] = await tx.select({ n: count() }).from(walletAddresses).where(eq(walletAddresses.userId, userId));
      if ((bound?.n ?? 0) >= maxWalletAddresses) {
        throw new AppError('ADDRESS_LIMIT', undefined, { limit: maxWalletAddresses });
      }
      const [row] = await tx
        .insert(walletAddresses)
        .values({ userId, ...wallet, createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('ADDRESS_EXISTS');
      const hold: StartedHold = await startWithdrawalHold(tx, { userId, reason: 'walletBound', now });
      const { userId: _owner, createdAt, ...view } = row;
      return { address: { ...view, createdAt: createdAt.toISOString() }, hold };
    });
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
            rateToUsd: moneyString(rate.rateToUsd),
          };
        }),
      processingKey: 'wallet.withdrawProcessing',
      requiresKyc: setting.withdrawRequiresKyc,
    };
  }

  /**
   * Checks the rules (minimum, own wallet that can receive its currency, KYC when required, pay
   * password), fixes what arrives in the wallet's currency, then freezes amount plus fee in one
   * transaction; the ledger refuses it when the available balance is short.
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
    // A binding made before networks were checked may name a currency its network does not carry.
    if (!networkCarries(wallet.network, wallet.currency)) {
      throw new AppError('WALLET_CURRENCY', undefined, { network: wallet.network, currency: wallet.currency });
    }
    const arrival = withdrawalArrival(rates, amount, rate.code, wallet.currency);
    const [user] = await this.db
      .select({ kycStatus: users.kycStatus, withdrawFrozen: users.withdrawFrozen })
      .from(users)
      .where(eq(users.id, userId));
    if (user?.withdrawFrozen) throw new AppError('WITHDRAW_FROZEN');
    if (setting.withdrawRequiresKyc && user?.kycStatus !== kycStatuses.passed) throw new AppError('KYC_REQUIRED');
    await verifyPayPassword(this.db, userId, body.payPassword);
    const { hold, allowListOnly } = await withdrawalHoldOf(this.db, userId, new Date(this.ledger.clock()));
    if (hold && allowListOnly && wallet.createdAt >= hold.startedAt) {
      throw new AppError('WITHDRAWAL_WALLET_NEW', undefined, {
        since: holdTime(hold.startedAt),
        until: holdTime(hold.endsAt),
      });
    }
    const fee = withdrawalFee(setting, rate, amount);
    return this.freeze(
      userId,
      { currency: rate.code, amount, fee, wallet, arrival, heldUntil: hold?.endsAt ?? null },
      claim,
    );
  }

  /** The money part of `apply`: amount plus fee move from available to frozen. */
  async freeze(
    userId: number,
    order: {
      currency: string;
      amount: Money;
      fee: Money;
      wallet: typeof walletAddresses.$inferSelect;
      arrival: { currency: string; amount: Money; rate: Money };
      /** The member's withdrawal hold in force at apply, if any: no pass before it ends. */
      heldUntil?: Date | null;
    },
    claim?: IdempotencyClaim,
  ) {
    const total = order.amount.plus(order.fee);
    return this.ledger.transaction(async (book) => {
      const [raw] = await queryText<Record<string, unknown>>(book.tx, insertStatement, [
        userId,
        order.currency,
        moneyString(order.amount),
        moneyString(order.fee),
        order.wallet.id,
        order.wallet.name,
        order.wallet.network,
        order.wallet.address,
        order.arrival.currency,
        moneyString(order.arrival.amount),
        moneyString(order.arrival.rate),
        order.heldUntil?.toISOString() ?? null,
      ]);
      const row = raw && tableRow(withdrawals, raw);
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

  async adminList(query: PageQuery & QueueSearch & { status?: number }) {
    const where = and(
      query.status === undefined ? undefined : eq(withdrawals.status, query.status),
      queueConditions(query, {
        id: withdrawals.id,
        userId: withdrawals.userId,
        amount: withdrawals.amount,
        time: withdrawals.createdAt,
        waiting: eq(withdrawals.status, withdrawStatuses.wait),
      }),
    );
    return pageWithMembers(this.db, await this.page(where, query, adminWithdrawalView));
  }

  private page<T>(where: SQL | undefined, query: PageQuery, view: (row: WithdrawalRow) => T) {
    return paginate(
      query,
      this.db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)).$dynamic(),
      this.db.select({ total: count() }).from(withdrawals).where(where),
      view,
    );
  }

  /**
   * A withdrawal waits while its hold runs and while the member's current hold runs (one started
   * after it was applied, or racing its apply): passing it before the later end is refused, and
   * refusing it (the money returns to the member) stays possible.
   */
  private async refuseWhileHeld(tx: Transaction, withdrawal: WithdrawalRow): Promise<void> {
    const now = new Date(this.ledger.clock());
    const { hold } = await withdrawalHoldOf(tx, withdrawal.userId, now);
    const ends = [withdrawal.heldUntil, hold?.endsAt].filter(
      (end): end is Date => end !== null && end !== undefined && end > now,
    );
    if (ends.length === 0) return;
    const until = new Date(Math.max(...ends.map((end) => end.getTime())));
    throw new AppError('WITHDRAWAL_HOLD', undefined, { until: holdTime(until) });
  }

  /**
   * Pass: the frozen amount leaves to cash_out and the fee to fees. Refuse: it all returns to
   * available. A pass the signer does not send is the operator's word that they paid it by hand:
   * it records their payout reference (docs/admin.md, Reasons and references).
   */
  async review(reviewer: Reviewer, body: WithdrawReviewBody, claim?: IdempotencyClaim) {
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
          let payoutState: WithdrawalRow['payoutState'] = null;
          let payoutReference: string | null = null;
          if (body.status === withdrawStatuses.pass) await this.refuseWhileHeld(book.tx, before);
          if (body.status === withdrawStatuses.pass) {
            if (await this.payouts?.onChain(book.tx, before)) payoutState = payoutStates.queued;
            else if (body.payoutReference) payoutReference = body.payoutReference;
            else
              throw new ValidationError([{ messageKey: 'validation.required', params: { field: 'payoutReference' } }]);
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
            payoutState,
            payoutReference,
          };
        },
      });
      await sendNotice(book, {
        userId: before.userId,
        kind: body.status === withdrawStatuses.pass ? 'withdrawPassed' : 'withdrawRefused',
        params: { amount: moneyString(before.amount), currency: before.currency },
        reference: `withdrawal:${before.id}`,
      });
      return withMember(book.tx, view);
    }, claim);
  }
}
