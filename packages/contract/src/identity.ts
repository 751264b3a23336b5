import { z } from 'zod';
import type { Api } from './api.ts';
import { ok, page, pageQuery } from './envelope.ts';
import { idField, idQuery, isoTime as time } from './fields.ts';
import { queueQuery, queueState } from './review-queue.ts';

/** Failures of identity verification, the inbox, support chat and documents (docs/identity.md). */
export const identityErrors = {
  KYC_PENDING: 409,
  KYC_ALREADY_PASSED: 409,
  KYC_FIELDS_MISSING: 422,
  KYC_FIELD_LOCKED: 422,
  KYC_DOC_TYPE_LOCKED: 422,
  KYC_IMAGE_INVALID: 422,
  KYC_NOT_FOUND: 404,
  KYC_REASON_REQUIRED: 422,
  KYC_PASS_WITH_REFUSED: 422,
  NOTICE_NOT_FOUND: 404,
  SUPPORT_MESSAGE_EMPTY: 422,
  SUPPORT_IMAGE_INVALID: 422,
  SUPPORT_CONVERSATION_NOT_FOUND: 404,
  DOCUMENT_NOT_FOUND: 404,
} as const;

/**
 * docs/product.md section 4: a member's identity verification (`users.kyc_status`, the profile's
 * `kycStatus`). `none` is the absence of any submission.
 */
export const kycStatuses = { none: null, review: 0, passed: 1, refused: 2 } as const;
export type KycStatus = (typeof kycStatuses)[keyof typeof kycStatuses];

/** The decision on one submission. */
export const kycApplicationStatuses = { review: 0, passed: 1, refused: 2 } as const;

export const kycDocTypes = ['idcard', 'passport'] as const;
export type KycDocType = (typeof kycDocTypes)[number];

/** The fields an operator may refuse, each with its own reason; the member corrects only those. */
export const kycFields = ['firstName', 'lastName', 'idNumber', 'front', 'back'] as const;
export type KycField = (typeof kycFields)[number];

/** VIP lowers trading fees (docs/product.md, VIP): 5 % per level, at most 50 %. */
export function vipFeeDiscountPercent(level: number): number {
  return Math.max(0, Math.min(50, Math.floor(level) * 5));
}

/** A NUL byte never reaches PostgreSQL text (it refuses it). */
const noNul = (value: string) => !value.includes(String.fromCharCode(0));
const uploadId = z
  .string({ error: 'validation.image' })
  .regex(/^[0-9a-f]{32}$/, { error: 'validation.image' })
  .describe('an upload id of the member (POST /upload)');
const nameField = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[^\p{Cc}]+$/u, { error: 'validation.text' });
const idNumberField = z
  .string()
  .trim()
  .min(4)
  .max(40)
  .regex(/^[0-9A-Za-z-]+$/, { error: 'validation.idNumber' });

export const kycReasons = z.partialRecord(z.enum(kycFields), z.string());

export const kycApplication = z.object({
  id: z.number().int(),
  docType: z.enum(kycDocTypes),
  firstName: z.string(),
  lastName: z.string(),
  idNumber: z.string(),
  front: z.string().describe('upload id: GET /upload/:id shows it to the owner and operators'),
  back: z.string().nullable().describe('ID cards only'),
  status: z.number().int().describe('0 under review, 1 passed, 2 refused'),
  reasons: kycReasons.describe('per refused field, why'),
  submittedAt: time,
  reviewedAt: time.nullable(),
});
export type KycApplication = z.infer<typeof kycApplication>;

export const kycInfo = z.object({
  status: z.number().int().nullable().describe('null none, 0 under review, 1 passed, 2 refused'),
  application: kycApplication.nullable().describe('the latest submission'),
  reviewHours: z.number().int().describe('a review answers within this many hours'),
  requiredFor: z.object({ withdraw: z.boolean(), loan: z.boolean() }),
});

/**
 * A first submission sends every field of its document; after a refusal only the refused fields
 * (the others are kept as they were; sending one changed is refused).
 */
export const kycSubmitBody = z.strictObject({
  docType: z.enum(kycDocTypes),
  firstName: nameField.optional(),
  lastName: nameField.optional(),
  idNumber: idNumberField.optional(),
  front: uploadId.optional(),
  back: uploadId.optional(),
});

// Inbox

export const noticeItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string().describe('in the reader’s language'),
  body: z.string(),
  reference: z.string().nullable(),
  read: z.boolean(),
  createdAt: time,
});
export type NoticeItem = z.infer<typeof noticeItem>;
export const noticeListQuery = pageQuery.extend({ unread: z.stringbool().optional() });
export const noticeReadBody = z.union([z.strictObject({ id: idField }), z.strictObject({ all: z.literal(true) })]);
export const unreadCount = z.object({ count: z.number().int() });

const announcementText = z.string().trim().min(1).refine(noNul, { error: 'validation.text' });
export const announcementTranslation = z.strictObject({
  title: announcementText.max(120),
  body: announcementText.max(4000),
});
/** English always; each member reads their own language when it is written, else English. */
const announcementTranslations = z.strictObject({
  en: announcementTranslation,
  de: announcementTranslation.optional(),
  es: announcementTranslation.optional(),
  fr: announcementTranslation.optional(),
  it: announcementTranslation.optional(),
  ja: announcementTranslation.optional(),
  'zh-CN': announcementTranslation.optional(),
});
export const announcement = z.object({
  id: z.number().int(),
  title: z.string().describe('the English title'),
  body: z.string().describe('the English text'),
  translations: announcementTranslations,
  recipients: z.number().int(),
  createdAt: time,
  operatorId: z.number().int(),
});
export const announcementBody = z.strictObject({ translations: announcementTranslations });

// Support chat

export const supportSenders = { member: 'member', operator: 'operator' } as const;
export const supportMessage = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  from: z.enum(['member', 'operator']),
  text: z.string(),
  image: z.string().nullable().describe('upload id'),
  createdAt: time,
});
export type SupportMessage = z.infer<typeof supportMessage>;

/** A guest's chat key, made by the browser and kept in its local storage. */
export const guestIdField = z
  .string({ error: 'validation.guestId' })
  .regex(/^[0-9a-f]{32}$/, { error: 'validation.guestId' });
const chatText = z.string().trim().max(2000).refine(noNul, { error: 'validation.text' });
export const supportListQuery = z.object({
  before: idField.optional().describe('older than this message id'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const supportSendBody = z.strictObject({ text: chatText.optional(), image: uploadId.optional() });
export const guestListQuery = supportListQuery.extend({ guestId: guestIdField });
export const guestSendBody = z.strictObject({ guestId: guestIdField, text: chatText });
export const guestJoinBody = z.strictObject({ guestId: guestIdField });
export const supportThread = z.object({
  conversationId: z.number().int().nullable(),
  list: z.array(supportMessage).describe('oldest first'),
  unread: z.number().int().describe('operator messages the member has not seen'),
});

export const supportConversation = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  uid: z.string().nullable(),
  nickname: z.string().nullable(),
  guest: z.boolean(),
  lastText: z.string(),
  lastMessageAt: time,
  unread: z.number().int().describe('member messages no operator has seen'),
});
export const conversationListQuery = pageQuery.extend({
  waiting: z.stringbool().optional().describe('only chats whose last message is the member’s (or guest’s)'),
});
export const adminSupportListQuery = supportListQuery.extend({ conversationId: idField });
export const adminSupportSendBody = z.strictObject({ conversationId: idField, text: chatText.min(1) });

// Documents

export const documentNames = ['terms', 'privacy', 'fee-schedule', 'fill-policy', 'loan-contract'] as const;
export const documentQuery = z.object({ name: z.enum(documentNames) });
export const productDocument = z.object({
  name: z.enum(documentNames),
  title: z.string(),
  paragraphs: z.array(z.string()),
});

// Operator KYC

export const adminKycQuery = queueQuery({
  status: z.coerce.number().int().min(0).max(2).optional(),
});
export const adminKycItem = kycApplication.extend({
  userId: z.number().int(),
  uid: z.string(),
  nickname: z.string(),
  reviewerId: z.number().int().nullable(),
  ...queueState,
});
export const adminKycDetail = adminKycItem.extend({
  history: z.array(kycApplication).describe('earlier submissions of the member, newest first'),
});
export const kycReviewBody = z.strictObject({
  id: idField,
  status: z
    .union([z.literal(kycApplicationStatuses.passed), z.literal(kycApplicationStatuses.refused)])
    .describe('1 pass, 2 refuse'),
  reasons: z
    .partialRecord(z.enum(kycFields), z.string().trim().min(1).max(200).refine(noNul, { error: 'validation.text' }))
    .optional()
    .describe('required to refuse: the refused fields with why'),
});
export type KycReviewBody = z.infer<typeof kycReviewBody>;

const member = { access: 'member' } as const;
const publicCall = { access: 'public' } as const;

/** Identity verification (docs/identity.md). */
export const kycApi = {
  info: {
    ...member,
    method: 'GET',
    path: '/kyc/info',
    summary: 'My verification state, the latest submission with reasons per refused field',
    response: ok(kycInfo),
  },
  submit: {
    ...member,
    method: 'POST',
    path: '/kyc/submit',
    summary: 'Submit an ID card or passport for review (after a refusal: the refused fields only)',
    body: kycSubmitBody,
    response: ok(kycInfo),
  },
} as const satisfies Api;

/** The inbox: notices of what happened to my account, and announcements. */
export const noticeApi = {
  list: {
    ...member,
    method: 'GET',
    path: '/notice/list',
    summary: 'My notices, newest first, in my language',
    query: noticeListQuery,
    response: ok(page(noticeItem)),
  },
  unread: {
    ...member,
    method: 'GET',
    path: '/notice/unread',
    summary: 'How many of my notices are unread',
    response: ok(unreadCount),
  },
  read: {
    ...member,
    method: 'POST',
    path: '/notice/read',
    summary: 'Mark one notice ({id}) or all ({all: true}) read; answers the unread count',
    body: noticeReadBody,
    response: ok(unreadCount),
  },
} as const satisfies Api;

/** Customer-service chat for members and guests (live on the `support` topic). */
export const supportApi = {
  list: {
    ...member,
    method: 'GET',
    path: '/support/message/list',
    summary: 'My chat with customer service, oldest first; marks answers seen',
    query: supportListQuery,
    response: ok(supportThread),
  },
  send: {
    ...member,
    method: 'POST',
    path: '/support/message/send',
    summary: 'Write to customer service: text, or an uploaded image',
    body: supportSendBody,
    response: ok(supportMessage),
  },
  guestList: {
    ...publicCall,
    method: 'GET',
    path: '/support/guest/message/list',
    summary: 'A guest’s chat, by the guest id kept in the browser',
    query: guestListQuery,
    response: ok(supportThread),
  },
  guestSend: {
    ...publicCall,
    method: 'POST',
    path: '/support/guest/message/send',
    summary: 'Write to customer service as a guest (text)',
    body: guestSendBody,
    response: ok(supportMessage),
  },
  guestJoin: {
    ...member,
    method: 'POST',
    path: '/support/guest/join',
    summary: 'After login: move the guest chat of this browser into my chat',
    body: guestJoinBody,
    response: ok(supportThread),
  },
} as const satisfies Api;

/** The product's own documents for the web view, in the request's language. */
export const documentApi = {
  get: {
    ...publicCall,
    method: 'GET',
    path: '/document',
    summary: 'A product document (terms, privacy, fee schedule, fill policy, loan contract)',
    query: documentQuery,
    response: ok(productDocument),
  },
} as const satisfies Api;

const compliance = { access: 'operator', roles: ['compliance'] } as const;
const support = { access: 'operator', roles: ['support'] } as const;

/** Operator calls of identity verification; every review is audited. */
export const kycAdminApi = {
  list: {
    ...compliance,
    method: 'GET',
    path: '/admin/kyc/list',
    summary: 'Submissions, newest first (status 0: the queue)',
    query: adminKycQuery,
    response: ok(page(adminKycItem)),
  },
  detail: {
    ...compliance,
    method: 'GET',
    path: '/admin/kyc/detail',
    summary: 'One submission with its images and the member’s earlier ones',
    query: idQuery,
    response: ok(adminKycDetail),
  },
  review: {
    ...compliance,
    method: 'POST',
    path: '/admin/kyc/review',
    summary: 'Pass, or refuse with a reason per refused field; the member gets a notice',
    body: kycReviewBody,
    response: ok(adminKycItem),
  },
} as const satisfies Api;

/** Announcements to every member's inbox. */
export const noticeAdminApi = {
  list: {
    ...support,
    method: 'GET',
    path: '/admin/notice/list',
    summary: 'Announcements sent, newest first',
    query: pageQuery,
    response: ok(page(announcement)),
  },
  create: {
    ...support,
    method: 'POST',
    path: '/admin/notice/create',
    summary: 'Send an announcement to every member’s inbox (English required, six more languages optional)',
    body: announcementBody,
    response: ok(announcement),
  },
} as const satisfies Api;

/** The customer-service console (live on the operators' `support:desk` topic). */
export const supportAdminApi = {
  conversations: {
    ...support,
    method: 'GET',
    path: '/admin/support/conversation/list',
    summary: 'Chats, latest message first, with unread counts',
    query: conversationListQuery,
    response: ok(page(supportConversation)),
  },
  messages: {
    ...support,
    method: 'GET',
    path: '/admin/support/message/list',
    summary: 'One chat, oldest first; marks the member’s messages seen',
    query: adminSupportListQuery,
    response: ok(supportThread),
  },
  send: {
    ...support,
    method: 'POST',
    path: '/admin/support/message/send',
    summary: 'Answer a chat (text)',
    body: adminSupportSendBody,
    response: ok(supportMessage),
  },
} as const satisfies Api;
