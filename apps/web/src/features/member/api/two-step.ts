import { call } from '@soar/client';
import type { memberTotpConfirmBody, secondFactorBody, totpDisableBody } from '@soar/contract';

/** `POST member/totp/enrol`: a new secret and its otpauth URL, in force once confirmed. */
export const enrolTotp = () => call('POST /member/totp/enrol');

/** `POST member/totp/confirm`: two-step sign-in on; the ten recovery codes, shown once. */
export const confirmTotp = (data: ReturnType<typeof memberTotpConfirmBody.parse>) =>
  call('POST /member/totp/confirm', { body: data });

/** `POST member/totp/disable` with the password and a code (or a recovery code). */
export const disableTotp = (data: ReturnType<typeof totpDisableBody.parse>) =>
  call('POST /member/totp/disable', { body: data });

/** `POST member/login/second-factor`: the login's second step; answers like a login. */
export const loginSecondFactor = (data: ReturnType<typeof secondFactorBody.parse>) =>
  call('POST /member/login/second-factor', { body: data });
