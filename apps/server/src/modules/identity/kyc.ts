import {
  type KycDocType,
  type KycField,
  type KycReviewBody,
  kycApplicationStatuses,
  kycFields,
  kycStatuses,
  type LanguageKey,
} from '@soar/contract';
import { translate } from '@soar/i18n';
import { and, count, desc, eq, inArray, lt } from 'drizzle-orm';
import { type QueueSearch, queueConditions } from '../../core/queue.ts';
import { reviewRecord } from '../../core/review.ts';
import type { Database } from '../../db/client.ts';
import { kycApplications, uploads, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { Actor } from '../../lib/route.ts';
import type { Ledger } from '../ledger/index.ts';
import { loanSetting } from '../loan/index.ts';
import { sendNotice } from '../notice/index.ts';
import { walletSetting } from '../wallet/index.ts';

type Row = typeof kycApplications.$inferSelect;
export type KycSubmit = {
  docType: KycDocType;
  firstName?: string;
  lastName?: string;
  idNumber?: string;
  front?: string;
  back?: string;
};

/** docs/identity.md: a review answers within a day. */
export const kycReviewHours = 24;

export function kycView(row: Row) {
  return {
    id: row.id,
    docType: row.docType,
    firstName: row.firstName,
    lastName: row.lastName,
    idNumber: row.idNumber,
    front: row.front,
    back: row.back,
    status: row.status,
    reasons: row.reasons,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** The fields a document has: a passport's photo page has no back. */
function fieldsOf(docType: KycDocType): KycField[] {
  return docType === 'idcard' ? [...kycFields] : kycFields.filter((field) => field !== 'back');
}

const fieldList = (lang: LanguageKey, fields: readonly string[]) =>
  fields.map((field) => translate(lang, `fields.${field}`)).join(', ');

/**
 * Identity verification (docs/identity.md): one review at a time, corrections of the refused
 * fields only, operators' decisions with a reason per refused field and a notice either way.
 */
export class KycService {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
  ) {}

  async info(userId: number) {
    const [[user], [latest], wallet, loan] = await Promise.all([
      this.db.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, userId)),
      this.db
        .select()
        .from(kycApplications)
        .where(eq(kycApplications.userId, userId))
        .orderBy(desc(kycApplications.id))
        .limit(1),
      walletSetting(this.db),
      loanSetting(this.db),
    ]);
    return {
      status: user?.kycStatus ?? kycStatuses.none,
      application: latest ? kycView(latest) : null,
      reviewHours: kycReviewHours,
      requiredFor: { withdraw: wallet.withdrawRequiresKyc, loan: loan.requiresKyc },
    };
  }

  /**
   * The member's row is locked first, so two submissions at once see each other: the second
   * finds the first under review. The partial unique index backs this on every database.
   */
  async submit(userId: number, body: KycSubmit, lang: LanguageKey) {
    await this.db.transaction(async (tx) => {
      const [user] = await tx
        .select({ kycStatus: users.kycStatus })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!user) throw new AppError('UNAUTHORIZED');
      if (user.kycStatus === kycStatuses.review) throw new AppError('KYC_PENDING');
      if (user.kycStatus === kycStatuses.passed) throw new AppError('KYC_ALREADY_PASSED');
      const [previous] =
        user.kycStatus === kycStatuses.refused
          ? await tx
              .select()
              .from(kycApplications)
              .where(eq(kycApplications.userId, userId))
              .orderBy(desc(kycApplications.id))
              .limit(1)
          : [];
      const values = previous ? this.correction(previous, body, lang) : this.first(body, lang);
      const images = [values.front, values.back].filter((id): id is string => typeof id === 'string');
      const owned = await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.userId, userId), inArray(uploads.id, images)));
      if (owned.length !== new Set(images).size) throw new AppError('KYC_IMAGE_INVALID');
      await tx.insert(kycApplications).values({ userId, ...values, status: kycApplicationStatuses.review });
      await tx.update(users).set({ kycStatus: kycStatuses.review }).where(eq(users.id, userId));
    });
    return this.info(userId);
  }

  private first(body: KycSubmit, lang: LanguageKey) {
    const fields = fieldsOf(body.docType);
    const missing = fields.filter((field) => !body[field]);
    if (missing.length > 0) throw new AppError('KYC_FIELDS_MISSING', undefined, { fields: fieldList(lang, missing) });
    if (body.docType === 'passport' && body.back) {
      throw new AppError('VALIDATION_FAILED', 'validation.unknownKey', { field: translate(lang, 'fields.back') });
    }
    return this.values(body.docType, body);
  }

  /** After a refusal: every refused field is sent again, every accepted one is kept. */
  private correction(previous: Row, body: KycSubmit, lang: LanguageKey) {
    if (body.docType !== previous.docType) throw new AppError('KYC_DOC_TYPE_LOCKED');
    const refused = fieldsOf(previous.docType).filter((field) => previous.reasons[field] !== undefined);
    const locked = fieldsOf(previous.docType).filter(
      (field) => !refused.includes(field) && body[field] !== undefined && body[field] !== previous[field],
    );
    if (locked.length > 0) throw new AppError('KYC_FIELD_LOCKED', undefined, { fields: fieldList(lang, refused) });
    const missing = refused.filter((field) => !body[field]);
    if (missing.length > 0) throw new AppError('KYC_FIELDS_MISSING', undefined, { fields: fieldList(lang, missing) });
    const pick = (field: KycField) => body[field] ?? previous[field] ?? undefined;
    return this.values(previous.docType, {
      firstName: pick('firstName'),
      lastName: pick('lastName'),
      idNumber: pick('idNumber'),
      front: pick('front'),
      back: pick('back'),
    });
  }

  private values(docType: KycDocType, source: Omit<KycSubmit, 'docType'>) {
    return {
      docType,
      firstName: source.firstName ?? '',
      lastName: source.lastName ?? '',
      idNumber: source.idNumber ?? '',
      front: source.front ?? '',
      back: docType === 'idcard' ? (source.back ?? null) : null,
    };
  }

  // Operators

  async adminList(query: PageQuery & QueueSearch & { status?: number }) {
    const where = and(
      query.status === undefined ? undefined : eq(kycApplications.status, query.status),
      queueConditions(query, {
        id: kycApplications.id,
        userId: kycApplications.userId,
        time: kycApplications.submittedAt,
        waiting: eq(kycApplications.status, kycApplicationStatuses.review),
      }),
    );
    return paginate(
      query,
      this.db
        .select({ application: kycApplications, uid: users.uid, nickname: users.nickname })
        .from(kycApplications)
        .innerJoin(users, eq(users.id, kycApplications.userId))
        .where(where)
        .orderBy(desc(kycApplications.id))
        .$dynamic(),
      this.db.select({ total: count() }).from(kycApplications).where(where),
      (row) => adminView(row.application, row),
    );
  }

  async adminDetail(id: number) {
    const [row] = await this.db
      .select({ application: kycApplications, uid: users.uid, nickname: users.nickname })
      .from(kycApplications)
      .innerJoin(users, eq(users.id, kycApplications.userId))
      .where(eq(kycApplications.id, id));
    if (!row) throw new AppError('KYC_NOT_FOUND');
    const history = await this.db
      .select()
      .from(kycApplications)
      .where(and(eq(kycApplications.userId, row.application.userId), lt(kycApplications.id, id)))
      .orderBy(desc(kycApplications.id))
      .limit(20);
    return { ...adminView(row.application, row), history: history.map(kycView) };
  }

  /**
   * The submission row is locked first: of two reviews at once, the second finds it decided
   * (`ALREADY_REVIEWED`) and changes nothing. The decision, the member's status, the notice and
   * the audit record commit together.
   */
  async review(actor: Actor, body: KycReviewBody) {
    return this.ledger.transaction(async (book) => {
      const passed = body.status === kycApplicationStatuses.passed;
      let refused: string[] = [];
      const { before, after } = await reviewRecord(book.tx, {
        table: kycApplications,
        id: body.id,
        waiting: { column: 'status', is: kycApplicationStatuses.review },
        notFound: 'KYC_NOT_FOUND',
        audit: { by: actor, action: 'kyc.review', entity: 'kyc', view: kycView },
        decide: async (before) => {
          // A field marked refused means the submission cannot pass as it is (docs/admin.md).
          if (passed && Object.keys(body.reasons ?? {}).length > 0) throw new AppError('KYC_PASS_WITH_REFUSED');
          const reasons = passed ? {} : reasonsFor(before.docType, body.reasons ?? {});
          refused = Object.keys(reasons);
          if (!passed && refused.length === 0) throw new AppError('KYC_REASON_REQUIRED');
          return { status: body.status, reasons, reviewerId: actor.operatorId, reviewedAt: new Date() };
        },
      });
      const [user] = await book.tx
        .update(users)
        .set({ kycStatus: passed ? kycStatuses.passed : kycStatuses.refused })
        .where(eq(users.id, before.userId))
        .returning({ uid: users.uid, nickname: users.nickname });
      if (!user) throw new Error('update returned no user');
      await sendNotice(book, {
        userId: before.userId,
        kind: passed ? 'kycPassed' : 'kycRefused',
        params: passed ? {} : { fields: refused.join(',') },
        reference: `kyc:${before.id}`,
      });
      return adminView(after, user);
    });
  }
}

/** Only fields of the document count; an ID card's back means nothing on a passport. */
function reasonsFor(docType: KycDocType, reasons: Partial<Record<KycField, string>>) {
  const allowed = fieldsOf(docType);
  return Object.fromEntries(
    Object.entries(reasons).filter(([field, reason]) => allowed.includes(field as KycField) && reason),
  ) as Partial<Record<KycField, string>>;
}

function adminView(row: Row, user: { uid: string; nickname: string }) {
  return { ...kycView(row), userId: row.userId, uid: user.uid, nickname: user.nickname, reviewerId: row.reviewerId };
}
