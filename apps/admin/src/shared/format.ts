import Decimal from 'decimal.js';
import i18next from 'i18next';

/**
 * Money stays a decimal string (docs/ledger.md); it is shown at its currency's decimals from the
 * currency list (JPY 0, USD 2, USDT 6), the same way everywhere. Unknown currencies show 2 to 8 places.
 */
export function formatMoney(value: string | null | undefined, decimals: number | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  let amount: Decimal;
  try {
    amount = new Decimal(value);
  } catch {
    return value;
  }
  if (decimals === undefined) return grouped(trimmed(amount));
  const fixed = amount.toFixed(decimals, Decimal.ROUND_HALF_UP);
  // USDT has 6 decimals (its on-chain unit, docs/ledger.md): to the cent unless a digit is there.
  return grouped(decimals > 2 ? fixed.replace(/(\.\d{2}\d*?)0+$/, '$1') : fixed);
}

/** A plain decimal with its whole part grouped in thousands: `1234567.5` -> `1,234,567.5`. */
function grouped(fixed: string): string {
  const [whole = '0', fraction] = fixed.split('.');
  const thousands = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${thousands}.${fraction}` : thousands;
}

function trimmed(amount: Decimal): string {
  const text = amount.toFixed(8).replace(/0+$/, '');
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** A time in the operator's timezone, with the zone named after it (docs/ledger.md). */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  const locale = i18next.language === 'zh-CN' ? 'zh-CN' : 'en-GB';
  const time = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  const zone = new Intl.DateTimeFormat('en', { timeZoneName: 'short' })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  return zone ? `${time} ${zone}` : time;
}

/**
 * A count or an axis tick, grouped in thousands, exact: a chart's tick can be 1.5 or 2.5, which
 * BigInt refused (the dashboard crashed), and a count can pass 2^53, which a number would round.
 */
export function formatCount(value: string | number): string {
  return grouped(new Decimal(value).toFixed());
}

/** A fraction as a percentage: `0.05` -> `5 %`. */
export function formatPercent(fraction: string): string {
  return `${new Decimal(fraction).times(100).toFixed()} %`;
}
