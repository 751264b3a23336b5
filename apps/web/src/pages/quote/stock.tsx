import type { Direction, Quote } from '@soar/contract';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { QuoteDetail } from '../../features/quote/components/quote-detail.tsx';
import { useSessionStore } from '../../features/session/store.ts';
import { guardLoginPath } from '../../shared/navigation.ts';
import type { PageProps } from '../../shared/page.ts';

// The ticket (and the contract's order rules) loads on the first tap of Buy or Sell, so the quote stays light.
const OrderTicket = lazy(() =>
  import('../../features/trade/components/order-ticket.tsx').then((module) => ({ default: module.OrderTicket })),
);

/** A stock: its quote, and buy and sell opening the order ticket (a guest signs in first). */
export function Page({ query }: PageProps) {
  const navigate = useNavigate();
  const isLogined = useSessionStore((state) => state.isLogined);
  const [ticket, setTicket] = useState<{ quote: Quote; direction: Direction }>();
  const symbol = query.symbol ?? '';

  const trade = (direction: Direction, quote: Quote) => {
    if (isLogined) setTicket({ quote, direction });
    else
      navigate(
        `${guardLoginPath}?redirect=${encodeURIComponent(`/pages/quote/stock?symbol=${encodeURIComponent(symbol)}`)}`,
      );
  };

  return (
    <>
      <QuoteDetail symbol={symbol} title="pages.quote.stock" kind="stock" signedIn={isLogined} onTrade={trade} />
      {ticket && (
        <Suspense fallback={null}>
          <OrderTicket
            instrument={ticket.quote}
            direction={ticket.direction}
            onClose={() => setTicket(undefined)}
            onReview={(ticketQuery) => {
              setTicket(undefined);
              navigate(`/pages/payment/stock?${ticketQuery}`);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
