import { useQuery } from '@tanstack/react-query';
import { walletBalancesQuery } from '../../../shared/balances.ts';

/** `GET wallet/balance`: the one query every page with a balance shares (`shared/balances.ts`). */
export const balancesQuery = walletBalancesQuery;
export const useBalances = () => useQuery(walletBalancesQuery);
