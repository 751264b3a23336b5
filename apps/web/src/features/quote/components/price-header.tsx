import type { Quote } from '@soar/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format.ts';
import { directionOf, formatChange, formatChangePercent, formatPrice } from '../../../shared/quote/format.ts';
import { useLocale } from './use-locale.ts';

/** Which way the last tick moved the price, so the header can flash; compared as text, no floats. */
function useTickFlash(price: string) {
  const previous = useRef(price);
  const [flash, setFlash] = useState<{ direction: 'up' | 'down'; key: number } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = price;
    if (before === price) return;
    const direction = comparePrices(price, before) > 0 ? 'up' : 'down';
    setFlash((current) => ({ direction, key: (current?.key ?? 0) + 1 }));
  }, [price]);
  return flash;
}

/** Compares two non-negative decimal strings exactly. */
export function comparePrices(a: string, b: string): number {
  const [aWhole = '', aFraction = ''] = a.split('.');
  const [bWhole = '', bFraction = ''] = b.split('.');
  if (aWhole.length !== bWhole.length) return aWhole.length - bWhole.length;
  const width = Math.max(aFraction.length, bFraction.length);
  const left = aWhole + aFraction.padEnd(width, '0');
  const right = bWhole + bFraction.padEnd(width, '0');
  return left === right ? 0 : left > right ? 1 : -1;
}

/** The live level of a stock or index: price, change, change percent, market and currency. */
export function PriceHeader({ quote, actions }: { quote: Quote; actions?: React.ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const direction = directionOf(quote.change);
  const flash = useTickFlash(quote.price);
  return (
    <header className="quote-header" data-testid="quote-header">
      <div className="quote-header-top">
        <div className="quote-identity">
          <p className="quote-name">{quote.name}</p>
          <p className="quote-meta">
            <span className="quote-symbol">{quote.symbol}</span>
            <span className="quote-badge">{quote.market}</span>
            <span className="quote-badge">{quote.currency}</span>
          </p>
        </div>
        {actions}
      </div>
      <div className={`quote-price-row quote-${direction}`}>
        <span
          key={flash?.key ?? 0}
          className={`quote-price${flash ? ` quote-flash-${flash.direction}` : ''}`}
          data-testid="quote-price"
        >
          {formatPrice(quote.price, locale)}
        </span>
        <span className="quote-change" data-testid="quote-change">
          {formatChange(quote, locale)} ({formatChangePercent(quote, locale)})
        </span>
      </div>
      <p className="quote-time">{t('quoteUi.lastTrade', { time: formatDate(quote.time, locale, 'dateTime') })}</p>
    </header>
  );
}
