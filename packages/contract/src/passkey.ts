import { z } from 'zod';
import type { Api } from './api.ts';
import { ok } from './envelope.ts';
import { idField, isoTime, passwordField } from './fields.ts';
import { challengeField, loginAnswer } from './member.ts';

/** Failures of passkeys (docs/identity.md, Passkeys). */
export const passkeyErrors = {
  /** The options were never handed out, are older than five minutes, or were answered already. */
  PASSKEY_CHALLENGE_EXPIRED: 400,
  /** No passkey of this id is registered here (removed, or never added), or not one of this member's. */
  PASSKEY_UNKNOWN: 400,
  /** The browser signed for another site than Soar's address (origin or relying party id). */
  PASSKEY_ORIGIN_WRONG: 400,
  /** The signature counter went back: the authenticator may have been copied. */
  PASSKEY_COUNTER_REGRESSED: 400,
  /** A sign-in without the device verifying its owner (PIN, fingerprint, face). */
  PASSKEY_NOT_VERIFIED: 400,
  /** The answer does not verify: a wrong signature or a malformed answer. */
  PASSKEY_INVALID: 400,
  /** Rename or remove of an id that is not one of the member's passkeys. */
  PASSKEY_NOT_FOUND: 404,
  PASSKEY_ALREADY_ADDED: 409,
  PASSKEY_LIMIT: 409,
} as const;

/** How many passkeys one member may hold. */
export const passkeyLimit = 10;
export const passkeyNameMaxLength = 64;

/** No control, format, surrogate, private-use or unassigned code point, no line or paragraph separator. */
const unprintable = /[\p{C}\p{Zl}\p{Zp}]/u;

/** What the member calls a passkey: 1 to 64 printable characters, spaces around it dropped. */
export const passkeyNameField = z
  .string({ error: 'validation.passkeyName' })
  .trim()
  .refine((value) => value.length > 0 && [...value].length <= passkeyNameMaxLength && !unprintable.test(value), {
    error: 'validation.passkeyName',
  });

const base64url = (max: number) =>
  z
    .string({ error: 'validation.passkeyResponse' })
    .max(max, { error: 'validation.passkeyResponse' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.passkeyResponse' });

/** What `navigator.credentials` answered, as @simplewebauthn/browser encodes it (base64url). */
const credentialBase = {
  id: base64url(1366),
  rawId: base64url(1366),
  type: z.literal('public-key', { error: 'validation.passkeyResponse' }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z
    .object({ credProps: z.object({ rk: z.boolean().optional() }).optional() })
    .default({})
    .describe('only credProps is read; other extension results are dropped'),
};

export const registrationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    transports: z.array(z.string().max(32)).max(10).optional().describe('unknown transports are dropped'),
  }),
});
export type RegistrationResponse = z.infer<typeof registrationResponse>;

export const authenticationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: base64url(128).optional(),
  }),
});
export type AuthenticationResponse = z.infer<typeof authenticationResponse>;

/** A passkey the options name (to exclude, or to allow). */
const credentialDescriptor = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});

/** The options for `navigator.credentials.create` (WebAuthn's PublicKeyCredentialCreationOptionsJSON). */
export const creationOptions = z.object({
  challenge: z.string().describe('base64url; answered once, within five minutes'),
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number() })),
  timeout: z.number().optional(),
  attestation: z.string().optional(),
  excludeCredentials: z
    .array(credentialDescriptor)
    .optional()
    .describe("the member's passkeys: one device is added once"),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.string().optional(),
      residentKey: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(z.string()).optional(),
});
/** The options for `navigator.credentials.get` (PublicKeyCredentialRequestOptionsJSON). */
export const requestOptions = z.object({
  challenge: z.string().describe('base64url; answered once, within five minutes'),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z
    .array(credentialDescriptor)
    .optional()
    .describe('empty for a sign-in: the device offers the passkeys it holds for Soar'),
  userVerification: z.string().optional(),
  hints: z.array(z.string()).optional(),
});

export const passkeyItem = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: isoTime,
  lastUsedAt: isoTime.nullable().describe('the last sign-in or second step with it; null: never'),
});
export type PasskeyItem = z.infer<typeof passkeyItem>;

export const passkeyRegisterOptionsBody = z.object({
  password: passwordField.describe('a passkey signs in alone, so adding one asks for the password'),
});
export const passkeyRegisterBody = z.object({ name: passkeyNameField, response: registrationResponse });
export const passkeyRenameBody = z.object({ id: idField, name: passkeyNameField });
export const passkeyRemoveBody = z.object({ id: idField, password: passwordField });
export const passkeySignInBody = z.object({ response: authenticationResponse });
export const passkeySecondStepOptionsBody = z.object({ challenge: challengeField });
export const passkeySecondStepBody = z.object({ challenge: challengeField, response: authenticationResponse });

const memberPost = { method: 'POST', access: 'member' } as const;
const publicPost = { method: 'POST', access: 'public' } as const;

export const passkeyApi = {
  passkeyList: {
    method: 'GET',
    access: 'member',
    path: '/member/passkey/list',
    summary: 'My passkeys: names, when added and last used',
    response: ok(z.object({ passkeys: z.array(passkeyItem).describe('oldest first') })),
  },
  passkeyRegisterOptions: {
    ...memberPost,
    path: '/member/passkey/register/options',
    summary: 'Start adding a passkey (the password again): options for navigator.credentials.create',
    body: passkeyRegisterOptionsBody,
    response: ok(z.object({ options: creationOptions })),
  },
  passkeyRegister: {
    ...memberPost,
    path: '/member/passkey/register',
    summary: 'Add the passkey the browser made from the options, with a name',
    body: passkeyRegisterBody,
    response: ok(passkeyItem),
  },
  passkeyRename: {
    ...memberPost,
    path: '/member/passkey/rename',
    summary: 'Rename one of my passkeys',
    body: passkeyRenameBody,
    response: ok(passkeyItem),
  },
  passkeyRemove: {
    ...memberPost,
    path: '/member/passkey/remove',
    summary: 'Remove one of my passkeys with the password; withdrawals are held',
    body: passkeyRemoveBody,
    response: ok(z.null()),
  },
  passkeySignInOptions: {
    ...publicPost,
    path: '/member/passkey/sign-in/options',
    summary: 'Start signing in with a passkey: options for navigator.credentials.get',
    response: ok(z.object({ options: requestOptions })),
  },
  passkeySignIn: {
    ...publicPost,
    path: '/member/passkey/sign-in',
    summary: 'Sign in with a passkey instead of the password; answers like login',
    body: passkeySignInBody,
    response: ok(loginAnswer),
  },
  passkeySecondStepOptions: {
    ...publicPost,
    path: '/member/passkey/second-step/options',
    summary: 'The second step of a sign-in by passkey: options for the login challenge',
    body: passkeySecondStepOptionsBody,
    response: ok(z.object({ options: requestOptions })),
  },
  passkeySecondStep: {
    ...publicPost,
    path: '/member/passkey/second-step',
    summary: 'Answer the login challenge with a passkey instead of a code; answers like login',
    body: passkeySecondStepBody,
    response: ok(loginAnswer),
  },
} as const satisfies Api;
