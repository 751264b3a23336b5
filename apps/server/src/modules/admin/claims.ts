import {
  claimMinutes,
  type Endpoint,
  ipoAdminApi,
  kycAdminApi,
  loanAdminApi,
  type OperatorRole,
  type QueueClaim,
  type QueueDecision,
  type QueueEntity,
  queueClaimApi,
  roleAllows,
  tradeAdminApi,
  walletAdminApi,
} from '@soar/contract';
import { and, eq, lte, or } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { claimsOf, decisionsOf } from '../../core/queue.ts';
import type { Database } from '../../db/client.ts';
import { reviewClaims } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type Actor, route } from '../../lib/route.ts';

/** The call that decides each queue's records: who may decide them may hold them. */
const decidedBy: Record<QueueEntity, Endpoint> = {
  deposit: walletAdminApi.depositReview,
  withdrawal: walletAdminApi.withdrawReview,
  loan: loanAdminApi.review,
  kyc: kycAdminApi.review,
  order: tradeAdminApi.orderReview,
  ipo_subscription: ipoAdminApi.review,
};

type Target = { entity: QueueEntity; id: number };
export type QueueStateOf<T> = T & { claim: QueueClaim | null; decision: QueueDecision | null };

/**
 * Claims on queue records (docs/admin.md, Queues): an operator opening a record holds it for
 * `claimMinutes`, renewed while the drawer stays open, so the others see it is being looked at.
 * A claim is advisory; the decision's lock on the record decides races.
 */
export class ReviewClaims {
  constructor(
    private readonly db: Database,
    private readonly clock: () => number,
  ) {}

  private now() {
    return new Date(this.clock());
  }

  private allowed(role: OperatorRole, entity: QueueEntity) {
    if (!roleAllows(decidedBy[entity], role)) throw new AppError('FORBIDDEN');
  }

  /** Takes or renews the claim unless another operator's still stands; answers the claim standing. */
  async claim(actor: Actor, { entity, id }: Target): Promise<QueueClaim> {
    this.allowed(actor.role, entity);
    const now = this.now();
    const until = new Date(now.getTime() + claimMinutes * 60_000);
    await this.db
      .insert(reviewClaims)
      .values({ entity, entityId: id, operatorId: actor.operatorId, claimedUntil: until })
      .onConflictDoUpdate({
        target: [reviewClaims.entity, reviewClaims.entityId],
        set: { operatorId: actor.operatorId, claimedUntil: until },
        setWhere: or(eq(reviewClaims.operatorId, actor.operatorId), lte(reviewClaims.claimedUntil, now)),
      });
    const standing = (await claimsOf(this.db, entity, [id], now, actor.operatorId)).get(id);
    if (!standing) throw new Error(`no claim on ${entity} ${id} after claiming it`);
    return standing;
  }

  async release(actor: Actor, { entity, id }: Target) {
    this.allowed(actor.role, entity);
    const released = await this.db
      .delete(reviewClaims)
      .where(
        and(
          eq(reviewClaims.entity, entity),
          eq(reviewClaims.entityId, id),
          eq(reviewClaims.operatorId, actor.operatorId),
        ),
      )
      .returning();
    return { released: released.length > 0 };
  }

  /** Each record of a queue's answer with who holds it now and who decided it. */
  async annotate<T extends { id: number }>(
    entity: QueueEntity,
    rows: T[],
    operatorId: number,
  ): Promise<QueueStateOf<T>[]> {
    const ids = rows.map((row) => row.id);
    const [claims, decisions] = await Promise.all([
      claimsOf(this.db, entity, ids, this.now(), operatorId),
      decisionsOf(this.db, entity, ids),
    ]);
    return rows.map((row) => ({ ...row, claim: claims.get(row.id) ?? null, decision: decisions.get(row.id) ?? null }));
  }

  async annotatePage<T extends { id: number }, P extends { list: T[] }>(
    entity: QueueEntity,
    page: P,
    operatorId: number,
  ): Promise<Omit<P, 'list'> & { list: QueueStateOf<T>[] }> {
    return { ...page, list: await this.annotate(entity, page.list, operatorId) };
  }

  async annotateOne<T extends { id: number }>(entity: QueueEntity, row: T, operatorId: number) {
    const [annotated] = await this.annotate(entity, [row], operatorId);
    return annotated as QueueStateOf<T>;
  }
}

export const claimRoutes: FastifyPluginAsync<{ claims: ReviewClaims }> = async (app, { claims }) => {
  route(app, queueClaimApi.claim, (request, { actor }) => claims.claim(actor, request.body));
  route(app, queueClaimApi.release, (request, { actor }) => claims.release(actor, request.body));
};
