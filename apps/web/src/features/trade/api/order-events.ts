import { useQueryClient } from '@tanstack/react-query';
import { useTopic } from '../../../shared/realtime/index.ts';
import { invalidateTrading } from './invalidate.ts';

/**
 * The member's `orders` topic: a fill, a trigger, an expiry or a review changes my orders or
 * positions, so the trade lists and balances refetch.
 */
export function useOrderEvents(enabled: boolean) {
  const client = useQueryClient();
  useTopic(enabled ? 'orders' : null, () => {
    void invalidateTrading(client);
  });
}
