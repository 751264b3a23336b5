import type { OperatorRole } from '@soar/contract';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** The public account number shown to the user. */
    uid: text('uid').notNull().unique(),
    nickname: text('nickname').notNull(),
    mail: text('mail').unique(),
    areaCode: text('area_code'),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    inviteCode: text('invite_code').notNull().unique(),
    inviterId: integer('inviter_id'),
    /** 0 none; a level set by operators lowers trading fees (docs/product.md, VIP). */
    vipLevel: integer('vip_level').notNull().default(0),
    /** KYC (docs/product.md section 4): null none, 0 under review, 1 pass, 2 refused. */
    kycStatus: integer('kyc_status'),
    /** Set by operators (docs/admin.md): a frozen login is refused, a frozen withdrawal too. */
    loginFrozen: boolean('login_frozen').notNull().default(false),
    withdrawFrozen: boolean('withdraw_frozen').notNull().default(false),
    /** Two-step sign-in (docs/identity.md): an RFC 6238 secret (base32), in force once `totpEnabledAt` is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last time step a code was accepted for: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    /** The language of the last sign-in or registration, or of the notification settings: mails use it. */
    lang: text('lang'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_phone_unique').on(table.areaCode, table.phone)],
);

/** Opaque bearer tokens: only their SHA-256 is stored; revoking or expiring ends them at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  /** `admin` may do everything; each other role the calls that name it (docs/admin.md). */
  role: text('role').$type<OperatorRole>().notNull().default('admin'),
  /** RFC 6238 secret (base32); it counts only once `totpEnabledAt` is set by a confirmed code. */
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** The last time step a code was accepted for: a code is never accepted twice. */
  totpLastStep: integer('totp_last_step'),
  /** A disabled operator cannot sign in; their sessions ended when they were disabled. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Operators have their own tokens: a member token never opens an operator call. */
export const operatorSessions = pgTable('operator_sessions', {
  id: serial('id').primaryKey(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  tokenHash: text('token_hash').notNull().unique(),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** Kept apart from the login password (docs/product.md section 3: the transaction password). */
export const payPasswords = pgTable('pay_passwords', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  hash: text('hash').notNull(),
  /** Wrong tries since the last success; five lock it for 15 minutes (docs/architecture.md (Accounts and sessions)). */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One live verification code per destination (a mail, or "areaCode phone"): sending another
 * replaces it, which also gives the one-send-a-minute limit a single row to check atomically.
 * Only a digest of the code is stored; it is bound to its destination and scene.
 */
export const verificationCodes = pgTable('verification_codes', {
  destination: text('destination').primaryKey(),
  scene: text('scene').notNull(),
  codeHash: text('code_hash').notNull(),
  /** Wrong entries so far; the fifth kills the code. */
  attempts: integer('attempts').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/**
 * Every login attempt of members and operators: shown to the member in the device list and
 * counted for the lockout (five failures in 15 minutes lock the account for 15 minutes).
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    audience: text('audience').$type<'member' | 'operator'>().notNull(),
    /** What was typed, normalised (lower-case mail, "areaCode phone", username). */
    identifier: text('identifier').notNull(),
    userId: integer('user_id').references(() => users.id),
    operatorId: integer('operator_id').references(() => operators.id),
    /** success, failed, lockout (the failure that locked), locked (refused while locked). */
    result: text('result').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_attempts_user_idx').on(table.userId, table.createdAt),
    index('login_attempts_operator_idx').on(table.operatorId, table.createdAt),
    index('login_attempts_identifier_idx').on(table.audience, table.identifier, table.createdAt),
  ],
);

/**
 * Ten one-time codes per member with two-step sign-in, for a lost phone (docs/identity.md). Only
 * a SHA-256 of each is stored: a code is 80 random bits, so a fast hash cannot be reversed by
 * guessing (argon2 protects low-entropy secrets such as passwords, which these are not), and the
 * lookup by digest stays one indexed query.
 */
export const memberRecoveryCodes = pgTable(
  'member_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('member_recovery_codes_hash_unique').on(table.userId, table.codeHash)],
);

/**
 * The pending second step of a sign-in: a password was right for a member with two-step sign-in,
 * and no session exists yet. Opaque (256 random bits, only the SHA-256 stored), five minutes,
 * used once.
 */
export const memberLoginChallenges = pgTable(
  'member_login_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    challengeHash: text('challenge_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('member_login_challenges_user_idx').on(table.userId)],
);
