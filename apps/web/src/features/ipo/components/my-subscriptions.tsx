import { ipoSubscriptionStatuses } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirm, toast } from '../../../shared/feedback.ts';
import { newKey } from '../../../shared/idempotency.ts';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { useSubscriptions } from '../api/offers.ts';
import { useCancelSubscription } from '../api/subscribe.ts';
import { SubscriptionCard } from './subscription-card.tsx';

/**
 * "My subscriptions": every application with its status, the money frozen, paid and returned.
 * The Trade tab shows it too; cancelling asks first, reconfirming opens the payment page, a listed
 * one opens its quote.
 */
export function MySubscriptions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const subscriptions = useSubscriptions();
  const cancel = useCancelSubscription();

  async function confirmCancel(id: number) {
    const ok = await confirm({
      content: t('ipo.cancelConfirm'),
      confirmText: t('ipo.cancel'),
      cancelText: t('ipo.keep'),
    });
    if (!ok) return;
    try {
      await cancel.mutateAsync({ body: { id }, key: newKey() });
    } catch {
      return;
    }
    toast(t('ipo.cancelled'));
  }

  return (
    <PagedList
      query={subscriptions}
      testId="ipo-subscriptions"
      empty={t('ipo.empty.subscriptions')}
      render={(subscription) => {
        const awaiting = subscription.status === ipoSubscriptionStatuses.awaiting;
        const windowOpen = awaiting && Date.parse(subscription.endTime) > Date.now();
        return (
          <SubscriptionCard
            subscription={subscription}
            onCancel={windowOpen ? () => void confirmCancel(subscription.id) : undefined}
            onReconfirm={
              awaiting && subscription.needsReconfirm
                ? () => navigate(`/pages/payment/newstock?id=${subscription.offerId}&reconfirm=${subscription.id}`)
                : undefined
            }
            onQuote={
              subscription.status === ipoSubscriptionStatuses.listed
                ? () => navigate(`/pages/quote/stock?symbol=${encodeURIComponent(subscription.symbol)}`)
                : undefined
            }
          />
        );
      }}
    />
  );
}
