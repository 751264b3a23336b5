import type { Profile } from '@soar/contract';
import { request } from '../../../shared/api/client.ts';

/** SPEC section 7: `GET member/profile` without a loading indicator; balances and profile fields. */
export const getProfile = () => request<Profile>({ url: 'member/profile', loading: false, toast: false });
