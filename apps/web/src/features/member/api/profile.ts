import { request } from '@soar/client';
import type { Profile } from '@soar/contract';

/** SPEC section 7: `GET member/profile` without a loading indicator; balances and profile fields. */
export const getProfile = () => request<Profile>({ url: 'member/profile', loading: false, toast: false });
