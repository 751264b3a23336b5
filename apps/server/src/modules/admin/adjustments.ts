import { adjustmentStatuses } from '@soar/contract';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '../../core/audit.ts';
import { assertCurrencyDecimals, currencyRates, rateOf } from '../../core/currency.ts';
import type { IdempotencyClaim } from '../../core/idempotency.ts';
import { memberIdOfUid } from '../../core/members.ts';
import { reviewRecord } from '../../core/review.ts';
import type { Database } from '../../db/client.ts';
import { balanceAdjustments, operators, users } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { Actor } from '../../lib/route.ts';
import type { Book, Ledger } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';

type AdjustmentRow = typeof balanceAdjustments.$inferSelect;
type Names = { uid: string; makerName: string; checkerName: string | null };

const maker = alias(operators, 'maker');
const checker = alias(operators, 'checker');

function adjustmentView(row: AdjustmentRow, names: Names) {
  return {
    id: row.id,
    userId: row.userId,
    uid: names.uid,
    currency: row.currency,
    direction: row.direction,
    amount: moneyString(row.amount),
    reason: row.reason,
    status: row.status,
    makerId: row.makerId,
    makerName: names.makerName,
    checkerId: row.checkerId,
    checkerName: names.checkerName,
    remark: row.remark,
    entryId: row.entryId,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * Manual balance adjustments under maker-checker (docs/admin.md): one operator proposes, a
 * different one approves, and only the approval moves money, as ledger kind `adjustment` against
 * the platform account `adjustments`. A debit the balance cannot cover is refused by the ledger.
 */
export class AdjustmentService {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
  ) {}

  async list(query: PageQuery & { status?: number; uid?: string }) {
    const filters: SQL[] = [];
    if (query.status !== undefined) filters.push(eq(balanceAdjustments.status, query.status));
    if (query.uid !== undefined) {
      filters.push(
        inArray(
          balanceAdjustments.userId,
          this.db.select({ id: users.id }).from(users).where(eq(users.uid, query.uid)),
        ),
      );
    }
    const where = filters.length > 0 ? and(...filters) : undefined;
    return paginate(
      query,
      this.selectWithNames().where(where).orderBy(desc(balanceAdjustments.id)).$dynamic(),
      this.db.select({ total: count() }).from(balanceAdjustments).where(where),
      ({ row, ...names }) => adjustmentView(row, names),
    );
  }

  async create(
    actor: Actor,
    { uid, ...body }: { uid: string; currency: string; direction: 'credit' | 'debit'; amount: string; reason: string },
  ) {
    assertCurrencyDecimals('amount', body.amount, rateOf(await currencyRates(this.db), body.currency));
    return this.db.transaction(async (tx) => {
      const userId = await memberIdOfUid(tx, uid);
      const [row] = await tx
        .insert(balanceAdjustments)
        .values({ ...body, userId, amount: moneyString(body.amount), makerId: actor.operatorId })
        .returning();
      if (!row) throw new Error('insert returned no adjustment');
      const view = await this.view(tx, row.id);
      await recordAudit(tx, {
        ...this.who(actor),
        action: 'adjustment.create',
        entity: 'adjustment',
        entityId: row.id,
        before: null,
        after: view,
      });
      return view;
    });
  }

  /** The row is locked first; its maker may not approve it; the ledger refuses a debit below zero. */
  async approve(actor: Actor, body: { id: number; remark?: string }, claim?: IdempotencyClaim) {
    const rates = await currencyRates(this.db);
    return this.ledger.transaction(async (book) => {
      const { after, view } = await this.decide(book, actor, body.id, 'adjustment.approve', async (row) => {
        if (row.makerId === actor.operatorId) throw new AppError('ADJUSTMENT_OWN');
        // A proposal stored before the rule is checked again: approving it would book the extra decimals.
        const rate = rates.get(row.currency);
        if (rate) assertCurrencyDecimals('amount', row.amount, rate);
        const amount = new Money(row.amount);
        const member = { userId: row.userId, bucket: 'available' as const, currency: row.currency };
        const platform = { platform: 'adjustments' as const, currency: row.currency };
        const entryId = await book.post(
          { kind: 'adjustment', reference: `adjustment:${row.id}`, userId: row.userId },
          row.direction === 'credit'
            ? [
                { ...platform, amount: amount.neg() },
                { ...member, amount },
              ]
            : [
                { ...member, amount: amount.neg() },
                { ...platform, amount },
              ],
        );
        return {
          status: adjustmentStatuses.approved,
          checkerId: actor.operatorId,
          entryId,
          remark: body.remark ?? null,
          decidedAt: new Date(),
        };
      });
      await sendNotice(book, {
        userId: after.userId,
        kind: after.direction === 'credit' ? 'adjustmentCredit' : 'adjustmentDebit',
        params: { amount: moneyString(after.amount), currency: after.currency },
        reference: `adjustment:${after.id}`,
      });
      return view;
    }, claim);
  }

  /** Any finance operator may reject a pending adjustment; its maker may withdraw it. */
  async reject(actor: Actor, body: { id: number; remark?: string }) {
    return this.ledger.transaction(async (book) => {
      const { view } = await this.decide(book, actor, body.id, 'adjustment.reject', async () => ({
        status: adjustmentStatuses.rejected,
        checkerId: actor.operatorId,
        remark: body.remark ?? null,
        decidedAt: new Date(),
      }));
      return view;
    });
  }

  private decide(
    book: Book,
    actor: Actor,
    id: number,
    action: string,
    decide: (row: AdjustmentRow) => Promise<Partial<AdjustmentRow>>,
  ) {
    return reviewRecord(book.tx, {
      table: balanceAdjustments,
      id,
      waiting: { column: 'status', is: adjustmentStatuses.pending },
      notFound: 'NOT_FOUND',
      audit: { by: this.who(actor), action, entity: 'adjustment', view: (row) => this.view(book.tx, row.id) },
      decide,
    });
  }

  private who(actor: Actor) {
    return { operatorId: actor.operatorId, ip: actor.ip };
  }

  private selectWithNames(tx: Pick<Database, 'select'> = this.db) {
    return tx
      .select({ row: balanceAdjustments, uid: users.uid, makerName: maker.username, checkerName: checker.username })
      .from(balanceAdjustments)
      .innerJoin(users, eq(users.id, balanceAdjustments.userId))
      .innerJoin(maker, eq(maker.id, balanceAdjustments.makerId))
      .leftJoin(checker, eq(checker.id, balanceAdjustments.checkerId));
  }

  private async view(tx: Pick<Database, 'select'>, id: number) {
    const [found] = await this.selectWithNames(tx).where(eq(balanceAdjustments.id, id));
    if (!found) throw new AppError('NOT_FOUND');
    const { row, ...names } = found;
    return adjustmentView(row, names);
  }
}
