import { call } from '@soar/client';
import type { loginBody, phoneLoginBody, RegisterBody, ResetPasswordBody } from '@soar/contract';

export type LoginByMail = ReturnType<typeof loginBody.parse>;
export type LoginByPhone = ReturnType<typeof phoneLoginBody.parse>;

/** `POST member/login`: the user info, token and expiry. */
export const loginByMail = (data: LoginByMail) => call('POST /member/login', { body: data });

/** `POST member/login/phone`. */
export const loginByPhone = (data: LoginByPhone) => call('POST /member/login/phone', { body: data });

/** `POST member/register`: answers like a login, so the member is signed in at once. */
export const register = (data: RegisterBody) => call('POST /member/register', { body: data });

/** `POST member/password/reset`: every session of the account ends. */
export const resetPassword = (data: ResetPasswordBody) => call('POST /member/password/reset', { body: data });

/** `POST member/logout`: the token dies at once; failures are not shown (the client logs out anyway). */
export const logoutRequest = () => call('POST /member/logout', {}, { toast: false });
