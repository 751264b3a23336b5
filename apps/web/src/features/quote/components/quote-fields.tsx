import type { Quote } from '@soar/contract';
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

/** docs/product.md section 3, Quote: high, low, open, close, previous close, volume, change. Indices have no volume. */
export function QuoteFields({ quote }: { quote: Quote }) {
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
    { key: 'change', value: formatChange(quote, locale), className: directionClass[direction] },
    { key: 'changePercent', value: formatChangePercent(quote, locale), className: directionClass[direction] },
  ];
  return (
    <dl className={styles.quoteFields} data-testid="quote-fields">
      {fields.map((field) => (
        <div className={styles.quoteField} key={field.key}>
          <dt>{t(`quoteUi.fields.${field.key}`)}</dt>
          <dd className={field.className}>{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}
