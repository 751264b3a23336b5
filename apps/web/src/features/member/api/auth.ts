import { request } from '@soar/client';
import type { LoginAnswer, loginBody, phoneLoginBody, RegisterBody, ResetPasswordBody } from '@soar/contract';

export type LoginByMail = ReturnType<typeof loginBody.parse>;
export type LoginByPhone = ReturnType<typeof phoneLoginBody.parse>;

/** `POST member/login`: the user info, token and expiry. */
export const loginByMail = (data: LoginByMail) => request<LoginAnswer>({ url: 'member/login', method: 'POST', data });

/** `POST member/login/phone`. */
export const loginByPhone = (data: LoginByPhone) =>
  request<LoginAnswer>({ url: 'member/login/phone', method: 'POST', data });

/** `POST member/register`: answers like a login, so the member is signed in at once. */
export const register = (data: RegisterBody) => request<LoginAnswer>({ url: 'member/register', method: 'POST', data });

/** `POST member/password/reset`: every session of the account ends. */
export const resetPassword = (data: ResetPasswordBody) =>
  request<null>({ url: 'member/password/reset', method: 'POST', data });

/** `POST member/logout`: the token dies at once; failures are not shown (the client logs out anyway). */
export const logoutRequest = () => request<null>({ url: 'member/logout', method: 'POST', toast: false });
