import type { KycDocType, KycField } from '@soar/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators, users } from './member.ts';

/**
 * Identity verification submissions (docs/identity.md): one row per submission, so a correction
 * after a refusal is a new row that keeps the accepted fields of the refused one. At most one
 * row per member is under review (status 0); `users.kyc_status` mirrors the latest decision.
 */
export const kycApplications = pgTable(
  'kyc_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    docType: text('doc_type').$type<KycDocType>().notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    idNumber: text('id_number').notNull(),
    /** Upload ids (`uploads.id`) of the member: served to the owner and operators only. */
    front: text('front').notNull(),
    back: text('back'),
    /** 0 under review, 1 passed, 2 refused. */
    status: integer('status').notNull().default(0),
    /** Per refused field, the operator's reason. */
    reasons: jsonb('reasons').$type<Partial<Record<KycField, string>>>().notNull().default({}),
    reviewerId: integer('reviewer_id').references(() => operators.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('kyc_applications_one_review').on(table.userId).where(sql`${table.status} = 0`),
    index('kyc_applications_user_idx').on(table.userId, table.id),
    index('kyc_applications_status_idx').on(table.status, table.id),
    check('kyc_applications_status_check', sql`${table.status} in (0, 1, 2)`),
    check('kyc_applications_doc_check', sql`${table.docType} in ('idcard', 'passport')`),
  ],
);

export type AnnouncementTranslation = { title: string; body: string };

/**
 * Announcements from operators: each is copied into every member's inbox as a notice. `title` and
 * `body` are the English text; `translations` the other languages written, which a member reading
 * in one of them sees instead.
 */
export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  translations: jsonb('translations').$type<Record<string, AnnouncementTranslation>>().notNull().default({}),
  recipients: integer('recipients').notNull().default(0),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A customer-service chat: a member's (one per member) or a guest's, found by the SHA-256 of the
 * guest id the browser keeps. A guest chat becomes the member's when they sign in.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .unique()
      .references(() => users.id),
    guestHash: text('guest_hash').unique(),
    lastText: text('last_text').notNull().default(''),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** Member messages no operator has opened yet. */
    unreadByOperator: integer('unread_by_operator').notNull().default(0),
    /** Operator answers the member has not opened yet. */
    unreadByMember: integer('unread_by_member').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_conversations_last_idx').on(table.lastMessageAt),
    check('support_conversations_owner_check', sql`(${table.userId} is null) <> (${table.guestHash} is null)`),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    sender: text('sender').$type<'member' | 'operator'>().notNull(),
    operatorId: integer('operator_id').references(() => operators.id),
    text: text('text').notNull().default(''),
    /** An upload id of the member. */
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_messages_conversation_idx').on(table.conversationId, table.id),
    check('support_messages_sender_check', sql`${table.sender} in ('member', 'operator')`),
  ],
);
