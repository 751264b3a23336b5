import { call } from '@soar/client';

/** docs/product.md section 7: `GET member/profile` without a loading indicator; balances and profile fields. */
export const getProfile = () => call('GET /member/profile', {}, { loading: false, toast: false });
