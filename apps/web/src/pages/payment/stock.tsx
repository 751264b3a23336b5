import { useNavigate } from 'react-router';
import { BlockPayment } from '../../features/blocktrade/index.ts';
import { useSessionStore } from '../../features/session/store.ts';
import { ConfirmOrder } from '../../features/trade/components/confirm-order.tsx';
import { useTicketTitle } from '../../features/trade/components/order-ticket.tsx';
import { ticketFromQuery } from '../../features/trade/ticket.ts';
import type { PageProps } from '../../shared/page.ts';
import { PageFrame } from '../../shared/ui/page-frame.tsx';

/**
 * The confirmation step of a stock order: the ticket's order, its totals, the pay password of a
 * block order; with `offer=<id>`, an order from a block offer.
 */
export function Page({ query }: PageProps) {
  const navigate = useNavigate();
  const hasPayPassword = useSessionStore((session) => session.userInfo?.hasPayPassword === true);
  const offerId = Number(query.offer) || undefined;
  const title = useTicketTitle();
  const ticket = offerId ? undefined : ticketFromQuery(query);
  return (
    <PageFrame title="pages.payment.stock" heading={ticket && title(ticket)}>
      {offerId ? (
        <BlockPayment
          offerId={offerId}
          hasPayPassword={hasPayPassword}
          onPlaced={() => navigate('/pages/product/blocktrade?tab=mine', { replace: true })}
        />
      ) : (
        <ConfirmOrder
          query={query}
          hasPayPassword={hasPayPassword}
          onPlaced={() => navigate('/pages/main/trade/index', { replace: true })}
        />
      )}
    </PageFrame>
  );
}
