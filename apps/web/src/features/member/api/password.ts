import { request } from '../../../shared/api/client.ts';

/** `POST member/password/change`: other sessions end, this one stays. */
export const changePassword = (data: { oldPassword: string; password: string; confirmPassword: string }) =>
  request<null>({ url: 'member/password/change', method: 'POST', data });

/** `POST member/paypwd/set` with a code of scene paypwd. */
export const setPayPassword = (data: { password: string; confirmPassword: string; code: string }) =>
  request<null>({ url: 'member/paypwd/set', method: 'POST', data });
