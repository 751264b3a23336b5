import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProfile } from './profile.ts';

// Apart from profile.ts, which start-up imports: the query hooks stay out of the first load.
export const profileQueryKey = ['member', 'profile'] as const;

export const profileQuery = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

/** The signed-in member's profile; off for guests. */
export const useProfile = (enabled: boolean) => useQuery({ ...profileQuery(), enabled });
