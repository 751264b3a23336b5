import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { CodeScene, LanguageKey } from '@soar/contract';
import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { CodeSender } from './delivery.ts';

/** Verification codes: 6 digits, valid 10 minutes, dead after 5 wrong tries, one send a minute. */
export const codeTtlMs = 10 * 60 * 1000;
export const codeResendMs = 60 * 1000;
export const codeMaxTries = 5;

export type Logger = { error(object: object, message: string): void };

export function mailDestination(mail: string): string {
  return mail.trim().toLowerCase();
}

export function normaliseAreaCode(areaCode: string): string {
  return areaCode.trim().replace(/^\+/, '');
}

export function phoneDestination(areaCode: string, phone: string): string {
  return `+${normaliseAreaCode(areaCode)} ${phone.trim()}`;
}

/**
 * Six digits have only a million values, so the digest is no secret against someone holding the
 * table; it keeps codes out of plain sight and binds each to its destination and scene.
 */
function digest(destination: string, scene: string, code: string): string {
  return createHash('sha256').update(`${destination}\n${scene}\n${code}`).digest('hex');
}

function sameDigest(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export type CodeRequest = {
  channel: 'email' | 'phone';
  destination: string;
  scene: CodeScene;
  lang: LanguageKey;
};

/**
 * Stores a fresh code for the destination (replacing any earlier one) and sends it. The upsert
 * only replaces a code sent over a minute ago (or already spent), so two requests racing cannot
 * both send.
 */
export async function issueCode(
  deps: { db: Database; sender: CodeSender; log: Logger },
  request: CodeRequest,
): Promise<{ expiresIn: number; resendIn: number }> {
  const { db } = deps;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = new Date();
  const codeHash = digest(request.destination, request.scene, code);
  const row = {
    scene: request.scene,
    codeHash,
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + codeTtlMs),
    consumedAt: null,
  };
  const stored = await db
    .insert(verificationCodes)
    .values({ destination: request.destination, ...row })
    .onConflictDoUpdate({
      target: verificationCodes.destination,
      set: row,
      // A spent code no longer holds the destination: register, then set the pay password at once.
      setWhere: or(
        lte(verificationCodes.sentAt, new Date(now.getTime() - codeResendMs)),
        isNotNull(verificationCodes.consumedAt),
      ),
    })
    .returning({ destination: verificationCodes.destination });
  if (stored.length === 0) {
    const [previous] = await db
      .select({ sentAt: verificationCodes.sentAt })
      .from(verificationCodes)
      .where(eq(verificationCodes.destination, request.destination));
    const waitMs = (previous?.sentAt.getTime() ?? now.getTime()) + codeResendMs - now.getTime();
    throw new AppError('CODE_SEND_TOO_SOON', undefined, { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
  }
  try {
    await deps.sender.send({ ...request, code, validMinutes: codeTtlMs / 60_000 });
  } catch (error) {
    deps.log.error({ err: error, destination: request.destination }, 'verification code not delivered');
    // Undelivered: free the destination so the member can retry at once.
    await db
      .delete(verificationCodes)
      .where(and(eq(verificationCodes.destination, request.destination), eq(verificationCodes.codeHash, codeHash)));
    throw new AppError('CODE_DELIVERY_FAILED');
  }
  return { expiresIn: codeTtlMs / 1000, resendIn: codeResendMs / 1000 };
}

export type CheckedCode = { destination: string; codeHash: string };

/**
 * Checks a code against the live code of one of the destinations for the scene, counting the
 * try outside any transaction so a failed request still spends it. Throws CODE_WRONG (with the
 * tries left) or CODE_EXPIRED (none, expired, used, or killed by the fifth wrong try).
 */
export async function checkCode(
  db: Database,
  request: { destinations: string[]; scene: CodeScene; code: string },
): Promise<CheckedCode> {
  if (request.destinations.length === 0) throw new AppError('CODE_EXPIRED');
  const now = new Date();
  const live = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        inArray(verificationCodes.destination, request.destinations),
        eq(verificationCodes.scene, request.scene),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.attempts, codeMaxTries),
      ),
    )
    .returning({
      destination: verificationCodes.destination,
      codeHash: verificationCodes.codeHash,
      attempts: verificationCodes.attempts,
    });
  if (live.length === 0) throw new AppError('CODE_EXPIRED');
  const match = live.find((row) => sameDigest(row.codeHash, digest(row.destination, request.scene, request.code)));
  if (match) return { destination: match.destination, codeHash: match.codeHash };
  const remaining = codeMaxTries - Math.max(...live.map((row) => row.attempts));
  if (remaining <= 0) throw new AppError('CODE_EXPIRED');
  throw new AppError('CODE_WRONG', undefined, { remaining });
}

/** Spends a checked code inside the transaction that acts on it: single use, even under races. */
export async function consumeCode(tx: Transaction, checked: CheckedCode): Promise<void> {
  const spent = await tx
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.destination, checked.destination),
        eq(verificationCodes.codeHash, checked.codeHash),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .returning({ destination: verificationCodes.destination });
  if (spent.length === 0) throw new AppError('CODE_EXPIRED');
}
