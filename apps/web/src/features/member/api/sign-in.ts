import { call } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** `GET member/mail-phrase`: the anti-phishing phrase printed in every mail to the member. */
export const mailPhraseQuery = () =>
  queryOptions({
    queryKey: ['member', 'mail-phrase'],
    queryFn: () => call('GET /member/mail-phrase', {}, { loading: false }),
  });
export const useMailPhrase = () => useQuery(mailPhraseQuery());

/** `POST member/mail-phrase/set`: 1 to 32 printable characters, checked by the server's contract. */
export const setMailPhrase = (phrase: string) => call('POST /member/mail-phrase/set', { body: { phrase } });

/** `POST member/session/revoke-others`: every session but this one. */
export const revokeOtherSessions = () => call('POST /member/session/revoke-others');

/** `POST member/session/revoke-link`: the single-use link of a new-sign-in mail; no sign-in needed. */
export const revokeByLink = (token: string) =>
  call('POST /member/session/revoke-link', { body: { token } }, { toast: false });
