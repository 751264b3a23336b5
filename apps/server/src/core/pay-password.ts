import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { payPasswords } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';

export const payPasswordMaxTries = 5;
export const payPasswordLockMs = 15 * 60 * 1000;

export async function setPayPassword(db: Database | Transaction, userId: number, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await db
    .insert(payPasswords)
    .values({ userId, hash })
    .onConflictDoUpdate({
      target: payPasswords.userId,
      set: { hash, failedAttempts: 0, lockedUntil: null, updatedAt: new Date() },
    });
}

/**
 * Checks a member's pay password before money leaves (docs/architecture.md (Accounts and sessions)): five wrong tries lock it
 * for 15 minutes. Throws PAY_PASSWORD_NOT_SET, PAY_PASSWORD_LOCKED or PAY_PASSWORD_WRONG. The
 * count of wrong tries is written even when the caller's transaction rolls back, so call it
 * outside the money transaction.
 */
export async function verifyPayPassword(db: Database, userId: number, password: string): Promise<void> {
  const [stored] = await db.select().from(payPasswords).where(eq(payPasswords.userId, userId));
  if (!stored) throw new AppError('PAY_PASSWORD_NOT_SET');
  const now = Date.now();
  if (stored.lockedUntil && stored.lockedUntil.getTime() > now) {
    throw new AppError('PAY_PASSWORD_LOCKED', undefined, {
      minutes: Math.ceil((stored.lockedUntil.getTime() - now) / 60_000),
    });
  }
  if (await verifyPassword(stored.hash, password)) {
    if (stored.failedAttempts > 0 || stored.lockedUntil) {
      await db
        .update(payPasswords)
        .set({ failedAttempts: 0, lockedUntil: null })
        .where(eq(payPasswords.userId, userId));
    }
    return;
  }
  // One atomic update counts the wrong try, so concurrent wrong tries cannot slip past the limit;
  // a lock set meanwhile by another try leaves no row to update.
  const lockUntil = new Date(now + payPasswordLockMs);
  const nextCount = sql`${payPasswords.failedAttempts} + 1`;
  const [counted] = await db
    .update(payPasswords)
    .set({
      failedAttempts: sql`case when ${nextCount} >= ${payPasswordMaxTries} then 0 else ${nextCount} end`,
      lockedUntil: sql`case when ${nextCount} >= ${payPasswordMaxTries} then ${lockUntil.toISOString()}::timestamptz else null end`,
    })
    .where(
      and(
        eq(payPasswords.userId, userId),
        or(isNull(payPasswords.lockedUntil), lte(payPasswords.lockedUntil, new Date(now))),
      ),
    )
    .returning({ failedAttempts: payPasswords.failedAttempts, lockedUntil: payPasswords.lockedUntil });
  if (!counted || counted.lockedUntil) {
    throw new AppError('PAY_PASSWORD_LOCKED', undefined, { minutes: payPasswordLockMs / 60_000 });
  }
  throw new AppError('PAY_PASSWORD_WRONG', undefined, { remaining: payPasswordMaxTries - counted.failedAttempts });
}
