import type { LanguageKey } from '@soar/contract';

/**
 * The parameters of a message a person reads (an error, a notice) that are amounts of money in
 * the message's `currency`: shown at the currency's minor units (USD 1.50, JPY 1,500) with the
 * reader's separators (USDT's six only where it has them: 25.50, 10.123456). Prices (`price`)
 * keep their own decimals, at least the currency's.
 * Messages store and carry the exact decimal; only the text is formatted (docs/api.md, Messages).
 */
const moneyNames = new Set([
  'amount',
  'available',
  'credited',
  'fee',
  'max',
  'min',
  'minimum',
  'needed',
  'owed',
  'paid',
  'payout',
  'pnl',
  'profit',
  'refund',
  'total',
]);
const priceNames = new Set(['price', 'level', 'stopLoss']);

/** A fill reason's parameters are all prices: the fill, and the limit, stop, trigger, best or target it met. */
export const fillReasonPrices: ReadonlySet<string> = new Set(['price', 'limit', 'stop', 'trigger', 'best', 'target']);
const noMoney: ReadonlySet<string> = new Set();
const decimal = /^-?\d+(\.\d+)?$/;

export type DecimalsOf = (currency: string) => number | undefined;

/**
 * Errors whose parameters are money the server worked out (what an order needs, what is
 * available); other errors name limits as an operator set them ("at least 10 USDT").
 */
export const moneyErrors: Record<string, ReadonlySet<string>> = {
  TRADE_INSUFFICIENT_FUNDS: new Set(['needed', 'available']),
};

export function readableParams(
  lang: LanguageKey,
  params: Record<string, unknown>,
  decimalsOf: DecimalsOf,
  money: ReadonlySet<string> = moneyNames,
  prices: ReadonlySet<string> = priceNames,
): Record<string, string | number> {
  const currency = typeof params.currency === 'string' ? params.currency : undefined;
  const decimals = currency === undefined ? undefined : (decimalsOf(currency) ?? 2);
  const shown: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const text = String(value);
    if (decimals !== undefined && decimal.test(text) && money.has(name)) {
      shown[name] = formatDecimal(lang, text, Math.min(decimals, 2), decimals);
    } else if (decimals !== undefined && decimal.test(text) && prices.has(name)) {
      shown[name] = formatDecimal(lang, text, Math.min(decimals, 2), 8);
    } else if (name === 'quantity' && /^\d+$/.test(text)) {
      shown[name] = formatDecimal(lang, text, 0, 0);
    } else {
      shown[name] = value;
    }
  }
  return shown;
}

/** A fill reason's prices in the order's `currency`, as a notice shows them. */
export function readableFillParams(
  lang: LanguageKey,
  params: Record<string, string>,
  currency: string,
  decimalsOf: DecimalsOf,
): Record<string, string | number> {
  return readableParams(lang, { ...params, currency }, decimalsOf, noMoney, fillReasonPrices);
}

function formatDecimal(lang: LanguageKey, value: string, minimum: number, maximum: number): string {
  // Intl formats a decimal string exactly (no float on the way), rounding half away from zero.
  const format = new Intl.NumberFormat(lang, { minimumFractionDigits: minimum, maximumFractionDigits: maximum });
  return format.format(value as unknown as number);
}
