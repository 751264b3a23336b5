import { alertStatuses, type Direction, type Quote } from '@soar/contract';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAlerts } from '../../features/alert/api.ts';
import { QuoteDetail } from '../../features/quote/components/quote-detail.tsx';
import { useSessionStore } from '../../features/session/store.ts';
import { guardLoginPath } from '../../shared/navigation.ts';
import type { PageProps } from '../../shared/page.ts';

// The ticket (and the contract's order rules) loads on the first tap of Buy or Sell, so the quote stays light.
const OrderTicket = lazy(() =>
  import('../../features/trade/components/order-ticket.tsx').then((module) => ({ default: module.OrderTicket })),
);
// The alert sheet loads on the first tap of the bell, likewise.
const AlertSheet = lazy(() =>
  import('../../features/alert/components/alert-sheet.tsx').then((module) => ({ default: module.AlertSheet })),
);

/**
 * A stock: its quote, buy and sell opening the order ticket, and the bell opening its alert sheet
 * (a guest signs in first).
 */
export function Page({ query }: PageProps) {
  const navigate = useNavigate();
  const isLogined = useSessionStore((state) => state.isLogined);
  const [ticket, setTicket] = useState<{ quote: Quote; direction: Direction }>();
  const [alerting, setAlerting] = useState<string>();
  const symbol = query.symbol ?? '';
  const alerts = useAlerts(symbol.trim().toUpperCase(), isLogined && symbol !== '');
  const active = alerts.data?.filter((alert) => alert.status === alertStatuses.active).length ?? 0;

  const signIn = () =>
    navigate(
      `${guardLoginPath}?redirect=${encodeURIComponent(`/pages/quote/stock?symbol=${encodeURIComponent(symbol)}`)}`,
    );
  const trade = (direction: Direction, quote: Quote) => {
    if (isLogined) setTicket({ quote, direction });
    else signIn();
  };

  return (
    <>
      <QuoteDetail
        symbol={symbol}
        title="pages.quote.stock"
        kind="stock"
        signedIn={isLogined}
        onTrade={trade}
        alerts={{ active, onOpen: (quote) => (isLogined ? setAlerting(quote.symbol) : signIn()) }}
      />
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
      {alerting && (
        <Suspense fallback={null}>
          <AlertSheet symbol={alerting} onClose={() => setAlerting(undefined)} />
        </Suspense>
      )}
    </>
  );
}
