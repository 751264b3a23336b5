import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions, users } from './member.ts';

/**
 * The sign-out link of a new-device sign-in mail (docs/identity.md, Sign-in awareness): one per
 * such session, its token's SHA-256 only, single use, expiring. Written once the session has
 * committed (the foreign key waits for it), so a rolled-back sign-in mails nothing.
 */
export const memberSignOutLinks = pgTable(
  'member_sign_out_links',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .unique()
      .references(() => sessions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('member_sign_out_links_user_idx').on(table.userId)],
);

/** The anti-phishing phrase a member chose: printed in every mail Soar sends them. */
export const memberMailPhrases = pgTable('member_mail_phrases', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  phrase: text('phrase').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
