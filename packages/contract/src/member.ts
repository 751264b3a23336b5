import { z } from 'zod';
import type { Api } from './api.ts';
import { ok } from './envelope.ts';
import { idField, passwordField } from './fields.ts';
import { decimalString } from './money.ts';

/** Failures of the member domain (accounts, codes, passwords, pay password). */
export const memberErrors = {
  PAY_PASSWORD_NOT_SET: 400,
  PAY_PASSWORD_WRONG: 400,
  PAY_PASSWORD_LOCKED: 429,
  CODE_WRONG: 400,
  CODE_EXPIRED: 400,
  CODE_SEND_TOO_SOON: 429,
  CODE_DELIVERY_FAILED: 502,
  MAIL_REGISTERED: 409,
  PHONE_REGISTERED: 409,
  INVITE_CODE_UNKNOWN: 400,
  MAIL_NOT_BOUND: 400,
  PHONE_NOT_BOUND: 400,
  LOGIN_FAILED: 400,
  LOGIN_LOCKED: 429,
  LOGIN_SLOWED: 429,
  PASSWORD_WRONG: 400,
  TOTP_NOT_ENABLED: 409,
  TOTP_CODE_USED: 400,
  SECOND_FACTOR_WRONG: 400,
  LOGIN_CHALLENGE_EXPIRED: 400,
  TWO_STEP_LOGIN_REQUIRED: 400,
} as const;

const requiredOr = (key: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? 'validation.required' : key;

export const mailField = z.email({ error: requiredOr('validation.email') }).max(254, { error: 'validation.email' });
export const phoneField = z.string().regex(/^\d{5,15}$/, { error: requiredOr('validation.phone') });
/** With or without the leading plus: "86", "+86", "1". */
export const areaCodeField = z.string().regex(/^\+?\d{1,4}$/, { error: requiredOr('validation.areaCode') });
export const verificationCodeField = z.string().regex(/^\d{6}$/, { error: requiredOr('validation.code') });

export const contactTypes = ['email', 'phone'] as const;
export const codeScenes = ['register', 'resetpwd', 'paypwd'] as const;
export type CodeScene = (typeof codeScenes)[number];

type Issue = { code: 'custom'; message: string; path: string[]; input: unknown };
type RefinementContext = { addIssue(issue: Issue): void };

const contact = {
  type: z.enum(contactTypes),
  mail: z.string().optional(),
  phone: z.string().optional(),
  areaCode: z.string().optional(),
};

/**
 * The destination a code goes to: `mail` for type email, `phone` and `areaCode` for type phone.
 * Each field is checked by its own schema so the message names that field.
 */
function checkContact(
  value: { type: string; mail?: string; phone?: string; areaCode?: string },
  ctx: RefinementContext,
) {
  // An unknown type already has its own message: which contact it needs is unknowable.
  if (value.type !== 'email' && value.type !== 'phone') return;
  const fields: [keyof typeof value, z.ZodType][] =
    value.type === 'email'
      ? [['mail', mailField]]
      : [
          ['phone', phoneField],
          ['areaCode', areaCodeField],
        ];
  for (const [name, schema] of fields) {
    const input = value[name];
    const result = schema.safeParse(input);
    if (!result.success) {
      const message =
        input === undefined || input === '' ? 'validation.required' : (result.error.issues[0]?.message ?? '');
      ctx.addIssue({ code: 'custom', message, path: [name], input });
    }
  }
}

function checkConfirmation(value: { password: string; confirmPassword: string }, ctx: RefinementContext) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({
      code: 'custom',
      message: 'validation.passwordMismatch',
      path: ['confirmPassword'],
      input: value.confirmPassword,
    });
  }
}

/**
 * Cross-field checks run whenever the body is an object, even when a field already failed, so a
 * form learns of every problem at once (an empty mail beside a short password).
 */
const always = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

export const codeSendBody = z.object({ ...contact, scene: z.enum(codeScenes) }).superRefine((value, ctx) => {
  // Scene paypwd sends to the signed-in account's own mail or phone, whatever the body says.
  if (value.scene !== 'paypwd') checkContact(value, ctx);
}, always);
export type CodeSendBody = z.infer<typeof codeSendBody>;

export const codeSendAnswer = z.object({
  expiresIn: z.number().int().describe('seconds the code stays valid'),
  resendIn: z.number().int().describe('seconds before another code may be sent to this destination'),
});

export const registerBody = z
  .object({
    ...contact,
    code: verificationCodeField,
    password: passwordField,
    confirmPassword: z.string(),
    inviteCode: z.string().max(32).optional(),
    agree: z.literal(true, { error: 'validation.agree' }),
  })
  .superRefine((value, ctx) => {
    checkContact(value, ctx);
    checkConfirmation(value, ctx);
  }, always);
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({ mail: mailField, password: passwordField });
export const phoneLoginBody = z.object({ phone: phoneField, areaCode: areaCodeField, password: passwordField });

export const resetPasswordBody = z
  .object({ ...contact, code: verificationCodeField, password: passwordField, confirmPassword: z.string() })
  .superRefine((value, ctx) => {
    checkContact(value, ctx);
    checkConfirmation(value, ctx);
  }, always);
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const changePasswordBody = z
  .object({ oldPassword: z.string().min(1).max(128), password: passwordField, confirmPassword: z.string() })
  .superRefine(checkConfirmation, always);

export const payPasswordSetBody = z
  .object({ password: passwordField, confirmPassword: z.string(), code: verificationCodeField })
  .superRefine(checkConfirmation, always);

/** docs/product.md section 3: user info kept after login. Mail and phone are masked (`d***@soar.local`, `138****5678`). */
export const userInfo = z.object({
  uid: z.string(),
  nickname: z.string(),
  mail: z.string().nullable(),
  areaCode: z.string().nullable(),
  phone: z.string().nullable(),
  inviteCode: z.string(),
  kycStatus: z.number().int().nullable().describe('null none, 0 under review, 1 pass, 2 refused'),
  vip: z.boolean().describe('vipLevel above 0'),
  vipLevel: z.number().int().min(0).describe('0 none; set by operators, lowers trading fees'),
  hasPayPassword: z.boolean(),
  totpEnabled: z.boolean().describe('two-step sign-in with an authenticator app is on'),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const loginAnswer = userInfo.extend({
  token: z.string().describe('bearer token; send as Authorization: Bearer <token>'),
  expiresAt: z.string(),
});
export type LoginAnswer = z.infer<typeof loginAnswer>;

/**
 * Two-step sign-in (docs/identity.md): the password was right, and no session exists until
 * `member/login/second-factor` gets a code for this challenge.
 */
export const loginChallenge = z.object({
  challenge: z.string().describe('opaque, single use; send it to member/login/second-factor'),
  expiresAt: z.string(),
});
export type LoginChallenge = z.infer<typeof loginChallenge>;
export const passwordLoginAnswer = z.union([loginAnswer, loginChallenge]);
export type PasswordLoginAnswer = z.infer<typeof passwordLoginAnswer>;

/** 256 random bits in base64url, as the server hands them out. */
export const challengeField = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: requiredOr('validation.challenge') });
/** A 6-digit authenticator code. */
export const memberTotpCodeField = z.string().regex(/^\d{6}$/, { error: requiredOr('validation.totpCode') });
/**
 * A 6-digit authenticator code or a recovery code (16 letters and digits, dashes and spaces
 * allowed, any case).
 */
export const secondFactorCodeField = z
  .string()
  .trim()
  .regex(/^(\d{6}|[0-9A-Za-z][0-9A-Za-z -]{14,22}[0-9A-Za-z])$/, { error: requiredOr('validation.secondFactorCode') });
export const recoveryCodeCount = 10;

export const memberTotpEnrolAnswer = z.object({
  secret: z.string().describe('base32, for typing into an authenticator by hand'),
  otpauthUrl: z.string().describe('otpauth:// URL to show as a QR code'),
});
export const memberTotpConfirmBody = z.object({ code: memberTotpCodeField });
export const recoveryCodesAnswer = z.object({
  recoveryCodes: z.array(z.string()).length(recoveryCodeCount).describe('shown once: only their digests are kept'),
});
export const totpDisableBody = z.object({ password: passwordField, code: secondFactorCodeField });
export const secondFactorBody = z.object({ challenge: challengeField, code: secondFactorCodeField });

export const balance = z.object({ currency: z.string(), available: decimalString, frozen: decimalString });

export const profile = userInfo.extend({ balances: z.array(balance) });
export type Profile = z.infer<typeof profile>;

export const memberSession = z.object({
  id: z.number().int(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean().describe('the session of this request'),
});

export const loginResults = ['success', 'failed', 'lockout', 'locked'] as const;
export type LoginResult = (typeof loginResults)[number];

export const loginAttempt = z.object({
  time: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  result: z
    .enum(loginResults)
    .describe(
      'failed: wrong password; lockout: the wrong password that locked the account; locked: refused while locked',
    ),
});

export const sessionListAnswer = z.object({
  sessions: z.array(memberSession).describe('live sessions, newest first'),
  attempts: z.array(loginAttempt).describe('the 20 latest login attempts on this account'),
});

export const sessionRevokeBody = z.object({ id: idField });
export const revokedAnswer = z.object({ revoked: z.number().int() });

const publicPost = { method: 'POST', access: 'public' } as const;
const memberPost = { method: 'POST', access: 'member' } as const;

export const memberApi = {
  codeSend: {
    ...publicPost,
    path: '/member/code/send',
    summary: 'Send a 6-digit code (scene paypwd: to the signed-in account, needs the token)',
    body: codeSendBody,
    response: ok(codeSendAnswer),
  },
  register: {
    ...publicPost,
    path: '/member/register',
    summary: 'Register by mail or phone with a register code; answers like login',
    body: registerBody,
    response: ok(loginAnswer),
  },
  login: {
    ...publicPost,
    path: '/member/login',
    summary: 'Log in by mail (with two-step sign-in on: a challenge for member/login/second-factor)',
    body: loginBody,
    response: ok(passwordLoginAnswer),
  },
  phoneLogin: {
    ...publicPost,
    path: '/member/login/phone',
    summary: 'Log in by phone (with two-step sign-in on: a challenge for member/login/second-factor)',
    body: phoneLoginBody,
    response: ok(passwordLoginAnswer),
  },
  secondFactor: {
    ...publicPost,
    path: '/member/login/second-factor',
    summary: 'The second step of a sign-in: the challenge and an authenticator or recovery code',
    body: secondFactorBody,
    response: ok(loginAnswer),
  },
  totpEnrol: {
    ...memberPost,
    path: '/member/totp/enrol',
    summary: 'Start two-step sign-in: a new secret, in force once confirmed',
    response: ok(memberTotpEnrolAnswer),
  },
  totpConfirm: {
    ...memberPost,
    path: '/member/totp/confirm',
    summary: 'Turn two-step sign-in on with a first code; answers the recovery codes once',
    body: memberTotpConfirmBody,
    response: ok(recoveryCodesAnswer),
  },
  totpDisable: {
    ...memberPost,
    path: '/member/totp/disable',
    summary: 'Turn two-step sign-in off with the password and a code (or a recovery code)',
    body: totpDisableBody,
    response: ok(z.null()),
  },
  logout: { ...memberPost, path: '/member/logout', summary: 'End this session', response: ok(z.null()) },
  profile: {
    method: 'GET',
    access: 'member',
    path: '/member/profile',
    summary: 'The signed-in member with balances',
    response: ok(profile),
  },
  passwordReset: {
    ...publicPost,
    path: '/member/password/reset',
    summary: 'Set a new password with a resetpwd code; ends every session of the account',
    body: resetPasswordBody,
    response: ok(z.null()),
  },
  passwordChange: {
    ...memberPost,
    path: '/member/password/change',
    summary: 'Change the login password; other devices are signed out',
    body: changePasswordBody,
    response: ok(z.null()),
  },
  payPasswordSet: {
    ...memberPost,
    path: '/member/paypwd/set',
    summary: 'Set the pay password with a paypwd code',
    body: payPasswordSetBody,
    response: ok(z.null()),
  },
  sessionList: {
    method: 'GET',
    access: 'member',
    path: '/member/session/list',
    summary: 'Live sessions and the latest login attempts',
    response: ok(sessionListAnswer),
  },
  sessionRevoke: {
    ...memberPost,
    path: '/member/session/revoke',
    summary: 'End one of my sessions',
    body: sessionRevokeBody,
    response: ok(revokedAnswer),
  },
  sessionRevokeAll: {
    ...memberPost,
    path: '/member/session/revoke-all',
    summary: 'End every other session',
    response: ok(revokedAnswer),
  },
} as const satisfies Api;
