import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { memberLoginChallenges, users } from './member.ts';

/**
 * A member's passkeys (docs/identity.md, Passkeys): WebAuthn credentials, each with its public
 * key (COSE, base64url) and the signature counter its last use reported. `user_handle` is the
 * random WebAuthn user id the member's passkeys share: it names no one.
 */
export const memberPasskeys = pgTable(
  'member_passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    userHandle: text('user_handle').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('member_passkeys_user_idx').on(table.userId)],
);

export type PasskeyPurpose = 'register' | 'signIn' | 'secondStep';

/**
 * The challenge of WebAuthn options handed out, kept in the database so any node can check the
 * answer: its SHA-256 only, five minutes, deleted by the answer that uses it. A second step's
 * belongs to its login challenge and goes with it.
 */
export const memberPasskeyChallenges = pgTable(
  'member_passkey_challenges',
  {
    id: serial('id').primaryKey(),
    challengeHash: text('challenge_hash').notNull().unique(),
    purpose: text('purpose').$type<PasskeyPurpose>().notNull(),
    /** The member adding a passkey, or whose sign-in the second step completes; null for a sign-in. */
    userId: integer('user_id').references(() => users.id),
    loginChallengeId: integer('login_challenge_id').references(() => memberLoginChallenges.id, {
      onDelete: 'cascade',
    }),
    /** Registration: the WebAuthn user id the new passkey gets. */
    userHandle: text('user_handle'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('member_passkey_challenges_expires_idx').on(table.expiresAt)],
);
