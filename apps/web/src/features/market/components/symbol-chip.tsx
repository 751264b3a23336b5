import { request } from '@soar/client';
import type { Quote } from '@soar/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { directionOf, formatChangePercent, formatPrice } from '../../../shared/quote/format.ts';
import { useLiveQuote } from '../../../shared/quote/live-quote.ts';
import { useLanguageStore } from '../../../shared/stores/language.ts';

/** `GET market/quote/detail?symbol=`, quietly: a chip without a price is still a link. */
const getQuote = (symbol: string) =>
  request<Quote>({ url: 'market/quote/detail', query: { symbol }, loading: false, toast: false });

/** A related symbol with its live price and change; a tap opens the stock (or the index). */
export function SymbolChip({
  symbol,
  onOpen,
}: {
  symbol: string;
  onOpen: (symbol: string, kind: Quote['kind']) => void;
}) {
  const quote = useQuery({ queryKey: ['market', 'quote', 'detail', symbol], queryFn: () => getQuote(symbol) });
  return (
    <button
      type="button"
      className="chip"
      data-testid="symbol-chip"
      onClick={() => onOpen(symbol, quote.data?.kind ?? (symbol.startsWith('^') ? 'index' : 'stock'))}
    >
      <strong>{symbol}</strong>
      {quote.data && <LivePrice quote={quote.data} />}
    </button>
  );
}

function LivePrice({ quote: initial }: { quote: Quote }) {
  const locale = useLanguageStore((state) => state.language);
  const element = useRef<HTMLSpanElement>(null);
  const { quote, flash, flashKey } = useLiveQuote(initial, element);
  return (
    <span ref={element}>
      <span key={flashKey} className={flash ? `flash-${flash}` : undefined}>
        {formatPrice(quote.price, locale)}
      </span>{' '}
      <span className={`change-${directionOf(quote.changePercent)}`}>{formatChangePercent(quote, locale)}</span>
    </span>
  );
}
