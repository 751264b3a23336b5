import type { DailyKline, Quote } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import {
  directionOf,
  formatChange,
  formatChangePercent,
  formatPrice,
  formatVolume,
} from '../../../shared/quote/format.ts';
import { directionClass } from '../../../shared/quote/index-card.tsx';
import { useLocale } from '../../../shared/use-locale.ts';
import styles from '../quote.module.css';

/**
 * docs/product.md section 3, Quote: high, low, open, close, previous close, volume, change; and
 * the bid and ask, and the 52-week high and low (`year`, the 1Y daily range). Indices have no
 * volume, bid or ask.
 */
export function QuoteFields({ quote, year }: { quote: Quote; year?: Pick<DailyKline, 'high' | 'low'> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const direction = directionOf(quote.change);
  const fields: { key: string; value: string; className?: string }[] = [
    { key: 'open', value: formatPrice(quote.open, locale) },
    { key: 'prevClose', value: formatPrice(quote.prevClose, locale) },
    { key: 'high', value: formatPrice(quote.high, locale) },
    { key: 'low', value: formatPrice(quote.low, locale) },
    { key: 'close', value: formatPrice(quote.close, locale) },
    ...(quote.kind === 'stock' ? [{ key: 'volume', value: formatVolume(quote.volume, locale) }] : []),
    ...(quote.bid !== null && quote.ask !== null
      ? [
          { key: 'bid', value: formatPrice(quote.bid, locale) },
          { key: 'ask', value: formatPrice(quote.ask, locale) },
        ]
      : []),
    { key: 'yearHigh', value: year?.high ? formatPrice(year.high, locale) : '--' },
    { key: 'yearLow', value: year?.low ? formatPrice(year.low, locale) : '--' },
    { key: 'change', value: formatChange(quote, locale), className: directionClass[direction] },
    { key: 'changePercent', value: formatChangePercent(quote, locale), className: directionClass[direction] },
  ];
  return (
    <dl className={styles.quoteFields} data-testid="quote-fields">
      {fields.map((field) => (
        <div className={styles.quoteField} key={field.key} data-field={field.key}>
          <dt>{t(`quoteUi.fields.${field.key}`)}</dt>
          <dd className={field.className}>{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}
