import { call } from '@soar/client';
import type { changePasswordBody, payPasswordSetBody } from '@soar/contract';

/** `POST member/password/change`: other sessions end, this one stays. */
export const changePassword = (data: ReturnType<typeof changePasswordBody.parse>) =>
  call('POST /member/password/change', { body: data });

/** `POST member/paypwd/set` with a code of scene paypwd. */
export const setPayPassword = (data: ReturnType<typeof payPasswordSetBody.parse>) =>
  call('POST /member/paypwd/set', { body: data });
