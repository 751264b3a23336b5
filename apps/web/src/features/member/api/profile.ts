import type { Profile } from '@soar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client.ts';

/** SPEC section 7: `GET member/profile` without a loading indicator; balances and profile fields. */
export const getProfile = () => request<Profile>({ url: 'member/profile', loading: false, toast: false });

export const profileQueryKey = ['member', 'profile'] as const;

export const profileQuery = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

/** The signed-in member's profile; off for guests. */
export const useProfile = (enabled: boolean) => useQuery({ ...profileQuery(), enabled });
