import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';

/** A request's claim on an `Idempotency-Key`: the key, whose it is, and what was asked. */
export type IdempotencyClaim = { owner: string; key: string; requestHash: string };

const keyPattern = /^[\x21-\x7e]{1,128}$/;

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a money-moving call asked: the transport layer fills it in (lib/route.ts for HTTP). */
export type IdempotentRequest = { key: string | undefined; method: string; route: string; body: unknown };

/**
 * The claim of a money-moving call on its `Idempotency-Key` (optional: without one each call moves
 * money anew). The hash covers the route and the body, so the same key on another body is
 * refused. `owner` scopes keys per member or operator.
 */
export function idempotencyClaim(request: IdempotentRequest, owner: string): IdempotencyClaim | undefined {
  if (request.key === undefined) return undefined;
  if (!keyPattern.test(request.key)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
  const requestHash = createHash('sha256')
    .update(`${request.method} ${request.route}\n${canonical(request.body ?? null)}`)
    .digest('hex');
  return { owner, key: request.key, requestHash };
}

/**
 * Inserts the key as the first write of the money transaction. A concurrent request with the same
 * key blocks on the primary key until the first commits (then finds its answer) or rolls back
 * (then proceeds itself). Returns the stored answer when this is a replay.
 */
export async function claimIdempotencyKey(
  tx: Transaction,
  claim: IdempotencyClaim,
): Promise<{ response: unknown } | undefined> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ owner: claim.owner, key: claim.key, requestHash: claim.requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return undefined;
  const [stored] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.owner, claim.owner), eq(idempotencyKeys.key, claim.key)));
  if (!stored || stored.requestHash !== claim.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return { response: stored.response };
}

export async function saveIdempotentAnswer(tx: Transaction, claim: IdempotencyClaim, response: unknown) {
  await tx
    .update(idempotencyKeys)
    .set({ response: sql`${JSON.stringify(response ?? null)}::jsonb` })
    .where(and(eq(idempotencyKeys.owner, claim.owner), eq(idempotencyKeys.key, claim.key)));
}
