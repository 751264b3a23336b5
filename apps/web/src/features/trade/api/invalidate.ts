import type { QueryClient } from '@tanstack/react-query';
import { profileQueryKey } from '../../member/index.ts';
import { tradeKeys } from './keys.ts';

/** After any change to my orders or positions: the trade lists and every balance on screen. */
export const invalidateTrading = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: tradeKeys.all }),
    client.invalidateQueries({ queryKey: ['wallet'] }),
    client.invalidateQueries({ queryKey: profileQueryKey }),
  ]);
