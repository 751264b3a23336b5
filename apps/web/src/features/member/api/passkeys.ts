import { call } from '@soar/client';
import type { ApiInput, ApiKey } from '@soar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

type Body<K extends ApiKey> = ApiInput<K> extends { body: infer B } ? B : never;

/** `GET member/passkey/list`: the member's passkeys with names, when added and last used. */
export const passkeysQuery = () =>
  queryOptions({
    queryKey: ['member', 'passkeys'],
    queryFn: () => call('GET /member/passkey/list', {}, { loading: false }),
  });
export const usePasskeys = () => useQuery(passkeysQuery());

/** `POST member/passkey/register/options`: the password again, then options for the browser. */
export const passkeyRegisterOptions = (password: string) =>
  call('POST /member/passkey/register/options', { body: { password } });

/** `POST member/passkey/register`: the browser's new passkey with the member's name for it. */
export const registerPasskey = (body: Body<'POST /member/passkey/register'>) =>
  call('POST /member/passkey/register', { body });

export const renamePasskey = (body: Body<'POST /member/passkey/rename'>) =>
  call('POST /member/passkey/rename', { body });

/** `POST member/passkey/remove` with the password; withdrawals are held afterwards. */
export const removePasskey = (body: Body<'POST /member/passkey/remove'>) =>
  call('POST /member/passkey/remove', { body });

export const passkeySignInOptions = () => call('POST /member/passkey/sign-in/options');

/** `POST member/passkey/sign-in`: answers like a login. */
export const signInWithPasskey = (body: Body<'POST /member/passkey/sign-in'>) =>
  call('POST /member/passkey/sign-in', { body });

export const passkeySecondStepOptions = (challenge: string) =>
  call('POST /member/passkey/second-step/options', { body: { challenge } });

/** `POST member/passkey/second-step`: the login challenge answered with a passkey; answers like a login. */
export const passkeySecondStep = (body: Body<'POST /member/passkey/second-step'>) =>
  call('POST /member/passkey/second-step', { body });
