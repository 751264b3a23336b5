import { request } from '@soar/client';
import type { changePasswordBody, payPasswordSetBody } from '@soar/contract';

/** `POST member/password/change`: other sessions end, this one stays. */
export const changePassword = (data: ReturnType<typeof changePasswordBody.parse>) =>
  request<null>({ url: 'member/password/change', method: 'POST', data });

/** `POST member/paypwd/set` with a code of scene paypwd. */
export const setPayPassword = (data: ReturnType<typeof payPasswordSetBody.parse>) =>
  request<null>({ url: 'member/paypwd/set', method: 'POST', data });
