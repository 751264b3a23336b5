import { and, eq } from 'drizzle-orm';
import {
  convertFitting,
  convertLanding,
  crossRate,
  currencyRates,
  maxLedgerAmount,
  rateOf,
} from '../../core/currency.ts';
import type { IdempotencyClaim } from '../../core/idempotency.ts';
import { verifyPayPassword } from '../../core/pay-password.ts';
import type { Database } from '../../db/client.ts';
import { balances } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ledger } from '../ledger/index.ts';
import { type TransactionQuery, transactionList } from './transactions.ts';

/** A member's balances, their journal, and transfers between their own currencies. */
export class AccountService {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
  ) {}

  async balance(userId: number, totalCurrency: string) {
    const rates = await currencyRates(this.db);
    rateOf(rates, totalCurrency);
    const rows = await this.db.select().from(balances).where(eq(balances.userId, userId));
    const held = new Map(rows.map((row) => [row.currency, row]));
    // Enabled currencies, and any other the member still holds: money is never hidden.
    const codes = [...rates.values()].filter((rate) => rate.enabled || held.has(rate.code)).map((rate) => rate.code);
    let total = new Money(0);
    const list = codes.map((currency) => {
      const row = held.get(currency);
      const available = new Money(row?.available ?? 0);
      const frozen = new Money(row?.frozen ?? 0);
      // Balances stay at most maxBalance, so a value fits unless an operator set an extreme rate.
      const value = convertFitting(rates, available.plus(frozen), currency, totalCurrency);
      total = total.plus(value);
      return {
        currency,
        available: moneyString(available),
        frozen: moneyString(frozen),
        value: moneyString(value),
      };
    });
    if (total.gt(maxLedgerAmount)) throw new AppError('AMOUNT_TOO_LARGE', undefined, { to: totalCurrency });
    return { list, currency: totalCurrency, total: moneyString(total) };
  }

  /** What a transfer gives: `received` is exactly what lands, in whole minor units of `to`. */
  async quote(from: string, to: string, amount: string) {
    if (from === to) throw new AppError('SAME_CURRENCY');
    const rates = await currencyRates(this.db);
    rateOf(rates, from);
    rateOf(rates, to);
    const rate = crossRate(rates, from, to);
    const { converted, received, remainder } = convertLanding(rates, amount, from, to);
    return {
      quote: {
        from,
        to,
        amount: moneyString(amount),
        rate: moneyString(rate.toDecimalPlaces(8, Money.ROUND_DOWN)),
        received: moneyString(received),
      },
      converted,
      remainder,
    };
  }

  /**
   * Through the platform's FX account: the member's `from` goes to fx, fx pays out `to` at the
   * exact conversion, the member receives its whole minor units and the platform's `rounding`
   * account the rest. Confirmed with the pay password (docs/ledger.md, Transfers).
   */
  async transfer(
    userId: number,
    body: { from: string; to: string; amount: string; payPassword: string },
    claim?: IdempotencyClaim,
  ) {
    if (body.from === body.to) throw new AppError('SAME_CURRENCY');
    const rates = await currencyRates(this.db);
    rateOf(rates, body.from);
    rateOf(rates, body.to);
    // More than the balance is refused as such before any conversion (the ledger checks again, locked).
    const [held] = await this.db
      .select({ available: balances.available })
      .from(balances)
      .where(and(eq(balances.userId, userId), eq(balances.currency, body.from)));
    if (new Money(held?.available ?? 0).lt(body.amount)) throw new AppError('INSUFFICIENT_BALANCE');
    const { quote, converted, remainder } = await this.quote(body.from, body.to, body.amount);
    // Outside the money transaction: a wrong try is counted even though nothing moves.
    await verifyPayPassword(this.db, userId, body.payPassword);
    return this.ledger.transaction(async (book) => {
      const entryId = await book.post({ kind: 'transfer', reference: `transfer:${body.from}-${body.to}`, userId }, [
        { userId, bucket: 'available', currency: body.from, amount: new Money(quote.amount).neg() },
        { platform: 'fx', currency: body.from, amount: quote.amount },
        { platform: 'fx', currency: body.to, amount: converted.neg() },
        { userId, bucket: 'available', currency: body.to, amount: quote.received },
        { platform: 'rounding', currency: body.to, amount: remainder },
      ]);
      return { ...quote, entryId };
    }, claim);
  }

  transactions(userId: number, query: TransactionQuery, options: { oneRowPerWithdrawal?: boolean } = {}) {
    return transactionList(this.db, userId, query, options);
  }
}
