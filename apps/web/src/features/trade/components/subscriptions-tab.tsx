import { MySubscriptions } from '../../ipo/index.ts';

/** My subscriptions: the member's IPO applications, as the IPO feature shows them. */
export function SubscriptionsTab() {
  return (
    <div data-testid="trade-subscriptions">
      <MySubscriptions />
    </div>
  );
}
