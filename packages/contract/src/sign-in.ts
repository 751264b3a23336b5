import { z } from 'zod';
import type { Api } from './api.ts';
import { ok } from './envelope.ts';

/** Failures of sign-in awareness (docs/identity.md, Sign-in awareness). */
export const signInErrors = {
  /** Unknown, spent or expired sign-out link, or its session already ended. */
  SIGN_OUT_LINK_INVALID: 410,
} as const;

export const mailPhraseMaxLength = 32;

/**
 * Printable means no control, format, surrogate, private-use or unassigned code point, and no
 * line or paragraph separator: a NUL byte or a line break could forge or split a mail's text.
 */
const unprintable = /[\p{C}\p{Zl}\p{Zp}]/u;

/** 1 to 32 printable characters (code points), spaces around it dropped. */
export const mailPhraseField = z
  .string({ error: 'validation.mailPhrase' })
  .trim()
  .refine((value) => value.length > 0 && [...value].length <= mailPhraseMaxLength && !unprintable.test(value), {
    error: 'validation.mailPhrase',
  });

export const mailPhraseAnswer = z.object({
  phrase: z.string().nullable().describe('the anti-phishing phrase printed in every mail to the member; null: none'),
});
export const mailPhraseBody = z.object({ phrase: mailPhraseField });

/** The opaque token of a sign-out link: 256 random bits, base64url. */
export const signOutLinkBody = z.object({ token: z.string().min(1).max(128) });
export const signOutLinkAnswer = z.object({
  device: z.string().describe('the device of the session the link ended'),
  createdAt: z.iso.datetime({ offset: true }).describe('when that session signed in'),
});

export const signInApi = {
  revokeOthers: {
    method: 'POST',
    access: 'member',
    path: '/member/session/revoke-others',
    summary: 'End every session of mine but this one',
    response: ok(z.object({ revoked: z.number().int() })),
  },
  revokeLink: {
    method: 'POST',
    access: 'public',
    path: '/member/session/revoke-link',
    summary: 'End the session a new-sign-in mail names, with its single-use link token',
    body: signOutLinkBody,
    response: ok(signOutLinkAnswer),
  },
  mailPhrase: {
    method: 'GET',
    access: 'member',
    path: '/member/mail-phrase',
    summary: 'My anti-phishing phrase',
    response: ok(mailPhraseAnswer),
  },
  mailPhraseSet: {
    method: 'POST',
    access: 'member',
    path: '/member/mail-phrase/set',
    summary: 'Set or change my anti-phishing phrase',
    body: mailPhraseBody,
    response: ok(mailPhraseAnswer),
  },
} as const satisfies Api;
