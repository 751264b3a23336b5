import { request } from '../../../shared/api/client.ts';
import type { UserInfo } from '../../session/store.ts';

/** SPEC section 7: `GET member/profile` without a loading indicator; balances and profile fields. */
export const getProfile = () => request<UserInfo>({ url: 'member/profile', loading: false, toast: false });
