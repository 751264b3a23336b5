import { z } from 'zod';
import { type Api, operatorRoles } from './api.ts';
import { ok } from './envelope.ts';
import { idBody, idField } from './fields.ts';

/** Failures of operator accounts: second factor, management (docs/admin.md). */
export const operatorErrors = {
  TOTP_REQUIRED: 400,
  TOTP_WRONG: 400,
  TOTP_ENROLMENT_REQUIRED: 403,
  TOTP_ALREADY_ENABLED: 409,
  TOTP_NOT_STARTED: 409,
  OPERATOR_EXISTS: 409,
  OPERATOR_SELF: 422,
  OPERATOR_SELF_SERVICE: 409,
  LAST_ADMIN: 409,
} as const;

/** A time-based one-time password: six digits (RFC 6238, SHA-1, 30 s). */
export const totpCodeField = z.string().regex(/^\d{6}$/, { error: 'validation.code' });

/** Operators choose longer passwords than members: at least 8 characters, as ADMIN_PASSWORD. */
export const operatorPasswordField = z
  .string()
  .min(8, { error: 'validation.operatorPassword' })
  .max(128, { error: 'validation.operatorPassword' });

export const operatorUsernameField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,32}$/, { error: 'validation.operatorUsername' });

/** Operators sign in to the back office with their own tokens (docs/architecture.md (Accounts and sessions)). */
export const operatorLoginBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  /** Asked for once the operator has enrolled a second factor (`TOTP_REQUIRED` without it). */
  code: totpCodeField.optional(),
});

export const operatorInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(operatorRoles),
  totpEnabled: z.boolean(),
  /** Production: an operator without a second factor must enrol before any other call works. */
  totpRequired: z.boolean(),
});

export const operatorLoginAnswer = operatorInfo.extend({ token: z.string(), expiresAt: z.string() });

export const operatorPasswordChangeBody = z
  .object({
    oldPassword: z.string().min(1).max(128),
    password: operatorPasswordField,
    confirmPassword: z.string().max(128),
  })
  .refine((value) => value.password === value.confirmPassword, {
    error: 'validation.passwordMismatch',
    path: ['confirmPassword'],
  });

export const totpEnrolAnswer = z.object({
  secret: z.string().describe('base32, for typing into an authenticator by hand'),
  uri: z.string().describe('otpauth:// URI to show as a QR code'),
});
export const totpConfirmBody = z.object({ code: totpCodeField });

const signedIn = { access: 'operator', roles: operatorRoles } as const;

export const operatorApi = {
  login: {
    method: 'POST',
    path: '/admin/login',
    access: 'public',
    summary: 'Operator login (with the TOTP code once enrolled)',
    body: operatorLoginBody,
    response: ok(operatorLoginAnswer),
  },
  me: {
    ...signedIn,
    beforeTotp: true,
    method: 'GET',
    path: '/admin/me',
    summary: 'The signed-in operator',
    response: ok(operatorInfo),
  },
  logout: {
    ...signedIn,
    beforeTotp: true,
    method: 'POST',
    path: '/admin/logout',
    summary: 'End this operator session',
    response: ok(z.null()),
  },
  passwordChange: {
    ...signedIn,
    method: 'POST',
    path: '/admin/password/change',
    summary: 'Change my password (my other sessions end)',
    body: operatorPasswordChangeBody,
    response: ok(z.null()),
  },
  totpEnrol: {
    ...signedIn,
    beforeTotp: true,
    method: 'POST',
    path: '/admin/totp/enrol',
    summary: 'Start enrolling a second factor: a new secret and its otpauth URI',
    response: ok(totpEnrolAnswer),
  },
  totpConfirm: {
    ...signedIn,
    beforeTotp: true,
    method: 'POST',
    path: '/admin/totp/confirm',
    summary: 'Confirm the second factor with a code from the authenticator',
    body: totpConfirmBody,
    response: ok(operatorInfo),
  },
} as const satisfies Api;

// Operators managed by admin

export const operatorItem = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(operatorRoles),
  disabled: z.boolean(),
  totpEnabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export const operatorCreateBody = z.object({
  username: operatorUsernameField,
  role: z.enum(operatorRoles),
  password: operatorPasswordField,
});
export const operatorUpdateBody = z.object({
  id: idField,
  role: z.enum(operatorRoles).optional(),
  disabled: z.boolean().optional(),
});
export const operatorPasswordResetBody = z.object({ id: idField, password: operatorPasswordField });

const adminOnly = { access: 'operator', roles: [] } as const;

/** Only `admin` manages operators; every change is audited. */
export const operatorAdminApi = {
  list: {
    ...adminOnly,
    method: 'GET',
    path: '/admin/operator/list',
    summary: 'Every operator with role, state and last login',
    response: ok(z.array(operatorItem)),
  },
  create: {
    ...adminOnly,
    method: 'POST',
    path: '/admin/operator/create',
    summary: 'Add an operator with a role and a first password',
    body: operatorCreateBody,
    response: ok(operatorItem),
  },
  update: {
    ...adminOnly,
    method: 'POST',
    path: '/admin/operator/update',
    summary: 'Change an operator’s role, or disable (sessions end) or enable them',
    body: operatorUpdateBody,
    response: ok(operatorItem),
  },
  passwordReset: {
    ...adminOnly,
    method: 'POST',
    path: '/admin/operator/password/reset',
    summary: 'Set a new password for an operator (their sessions end)',
    body: operatorPasswordResetBody,
    response: ok(operatorItem),
  },
  totpReset: {
    ...adminOnly,
    method: 'POST',
    path: '/admin/operator/totp/reset',
    summary: 'Remove an operator’s second factor (a lost phone): they enrol again',
    body: idBody,
    response: ok(operatorItem),
  },
} as const satisfies Api;
