import type { LoginResult } from '@soar/contract';
import { and, count, desc, eq, gt, inArray, isNull, max, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Client } from './sessions.ts';

/** Five wrong passwords within 15 minutes lock the account for 15 minutes, right password or not. */
export const loginMaxFailures = 5;
export const loginWindowMs = 15 * 60 * 1000;
export const loginLockMs = 15 * 60 * 1000;

/**
 * The operator ceiling across addresses (docs/admin.md, Operators and sign-in): from the tenth
 * failure on one operator account within an hour (since its last success), a password from an
 * address the operator never signed in from is checked only once the last failure is `delay` old,
 * the delay doubling per failure from 1 second up to 5 minutes. Addresses the operator signed in
 * from within 90 days are never slowed, so guesses spread over many addresses cannot lock the
 * operator out of the office.
 */
export const operatorCeiling = {
  failures: 10,
  windowMs: 60 * 60 * 1000,
  firstDelayMs: 1000,
  maxDelayMs: 5 * 60 * 1000,
  knownAddressMs: 90 * 24 * 60 * 60 * 1000,
} as const;

/**
 * Whose login this is. Attempts on a known account count by its id, whatever was typed (mail,
 * phone, legacy username); attempts on an unknown identifier count by that identifier, so an
 * unknown account locks exactly like a real one and the lockout reveals nothing.
 */
export type LoginSubject = {
  audience: 'member' | 'operator';
  identifier: string;
  userId?: number | null;
  operatorId?: number | null;
};

function accountIs(subject: LoginSubject): SQL | undefined {
  if (subject.userId) return eq(loginAttempts.userId, subject.userId);
  if (subject.operatorId) return eq(loginAttempts.operatorId, subject.operatorId);
  return and(
    eq(loginAttempts.audience, subject.audience),
    eq(loginAttempts.identifier, subject.identifier),
    isNull(subject.audience === 'member' ? loginAttempts.userId : loginAttempts.operatorId),
  );
}

/**
 * The attempts that count together. A member's count per account; an operator's per account and
 * source address, so wrong passwords sent from one address cannot lock `admin` out of the office
 * (docs/admin.md, Operators and sign-in).
 */
function subjectIs(subject: LoginSubject, client: Client): SQL | undefined {
  const account = accountIs(subject);
  return subject.audience === 'operator' ? and(account, eq(loginAttempts.ip, client.ip)) : account;
}

async function lastLockout(
  db: Database | Transaction,
  subject: LoginSubject,
  client: Client,
  since: Date,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(subjectIs(subject, client), eq(loginAttempts.result, 'lockout'), gt(loginAttempts.createdAt, since)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  return row?.at;
}

async function record(
  db: Database | Transaction,
  subject: LoginSubject,
  result: LoginResult,
  client: Client,
): Promise<void> {
  await db.insert(loginAttempts).values({
    audience: subject.audience,
    identifier: subject.identifier,
    userId: subject.userId ?? null,
    operatorId: subject.operatorId ?? null,
    result,
    ...client,
  });
}

let timingHash: Promise<string> | undefined;

/** Unknown accounts still cost one argon2 verification, so timing tells nothing either. */
function verifyNothing(password: string): Promise<boolean> {
  timingHash ??= hashPassword('no such account: equal timing');
  return timingHash.then((hash) => verifyPassword(hash, password)).then(() => false);
}

/**
 * Checks a password under the lockout and records the attempt. `passwordHash` is undefined for
 * an unknown account. Throws LOGIN_LOCKED or the one generic LOGIN_FAILED.
 */
export async function guardLogin(
  db: Database,
  subject: LoginSubject,
  passwordHash: string | undefined,
  password: string,
  client: Client,
): Promise<void> {
  await refuseWhileLocked(db, subject, client);
  const now = Date.now();
  const operatorId = subject.audience === 'operator' ? subject.operatorId : null;
  if (operatorId && (await slowedFrom(db, operatorId, client, now)) !== null) {
    // One check at a time per slowed account: the wait is measured again under the lock.
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`soar:login:ceiling:${operatorId}`}))`);
      const waitMs = await slowedFrom(tx, operatorId, client, Date.now());
      if (waitMs !== null && waitMs > 0) {
        await record(tx, subject, 'locked', client);
        throw new AppError('LOGIN_SLOWED', undefined, { seconds: Math.ceil(waitMs / 1000) });
      }
      await check(tx, subject, passwordHash, password, client, now);
    });
  }
  await check(db, subject, passwordHash, password, client, now);
}

async function check(
  db: Database | Transaction,
  subject: LoginSubject,
  passwordHash: string | undefined,
  password: string,
  client: Client,
  now: number,
): Promise<void> {
  const valid = passwordHash ? await verifyPassword(passwordHash, password) : await verifyNothing(password);
  if (valid) {
    await record(db, subject, 'success', client);
    return;
  }
  const result = await recordFailure(db, subject, client, now);
  if (result === 'failed') throw new AppError('LOGIN_FAILED');
  throw new AppError('LOGIN_LOCKED', undefined, { minutes: loginLockMs / 60_000 });
}

/**
 * Whether the operator's ceiling slows an attempt from this address: null when it does not apply
 * (a known address, or fewer failures than the ceiling), else how long is left to wait (0 or less:
 * this attempt may be checked).
 */
async function slowedFrom(
  db: Database | Transaction,
  operatorId: number,
  client: Client,
  now: number,
): Promise<number | null> {
  const [known] = await db
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.operatorId, operatorId),
        eq(loginAttempts.ip, client.ip),
        eq(loginAttempts.result, 'success'),
        gt(loginAttempts.createdAt, new Date(now - operatorCeiling.knownAddressMs)),
      ),
    )
    .limit(1);
  if (known) return null;
  const [lastSuccess] = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.operatorId, operatorId), eq(loginAttempts.result, 'success')))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  const since = new Date(Math.max(now - operatorCeiling.windowMs, lastSuccess?.at.getTime() ?? 0));
  const [failures] = await db
    .select({ n: count(), last: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.operatorId, operatorId),
        inArray(loginAttempts.result, ['failed', 'lockout']),
        gt(loginAttempts.createdAt, since),
      ),
    );
  const n = failures?.n ?? 0;
  if (n < operatorCeiling.failures || !failures?.last) return null;
  const delay = Math.min(
    operatorCeiling.firstDelayMs * 2 ** (n - operatorCeiling.failures),
    operatorCeiling.maxDelayMs,
  );
  return failures.last.getTime() + delay - now;
}

/**
 * The lockout of `guardLogin` for a secret checked elsewhere (a member's second factor): while
 * the subject is locked, the attempt is recorded as `locked` and refused, right code or not.
 */
export async function refuseWhileLocked(db: Database, subject: LoginSubject, client: Client): Promise<void> {
  const now = Date.now();
  const lockedAt = await lastLockout(db, subject, client, new Date(now - loginLockMs));
  if (!lockedAt) return;
  await record(db, subject, 'locked', client);
  throw new AppError('LOGIN_LOCKED', undefined, {
    minutes: Math.max(1, Math.ceil((lockedAt.getTime() + loginLockMs - now) / 60_000)),
  });
}

/** A sign-in checked elsewhere (a member's passkey) that succeeded: the device list shows it as a password's. */
export async function recordLoginSuccess(
  db: Database | Transaction,
  subject: LoginSubject,
  client: Client,
): Promise<void> {
  await record(db, subject, 'success', client);
}

/**
 * Counts another wrong secret of a login (a TOTP or recovery code) exactly like a wrong password:
 * it may lock the subject. Throws `wrong` (or LOGIN_LOCKED when this failure locked it).
 */
export async function countLoginFailure(
  db: Database,
  subject: LoginSubject,
  client: Client,
  wrong: AppError,
): Promise<never> {
  const result = await recordFailure(db, subject, client, Date.now());
  if (result === 'failed') throw wrong;
  throw new AppError('LOGIN_LOCKED', undefined, { minutes: loginLockMs / 60_000 });
}

/**
 * Counts a wrong password under a per-subject advisory lock, so concurrent wrong passwords are
 * counted one after the other and exactly one of them writes the lockout.
 */
async function recordFailure(
  db: Database | Transaction,
  subject: LoginSubject,
  client: Client,
  now: number,
): Promise<'failed' | 'lockout' | 'locked'> {
  const account = subject.userId
    ? `member:${subject.userId}`
    : subject.operatorId
      ? `operator:${subject.operatorId}`
      : `${subject.audience}:${subject.identifier}`;
  const key = subject.audience === 'operator' ? `${account}:${client.ip}` : account;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`soar:login:${key}`}))`);
    // Another wrong password may have locked the account while this one was being checked.
    if (await lastLockout(tx, subject, client, new Date(now - loginLockMs))) {
      await record(tx, subject, 'locked', client);
      return 'locked';
    }
    // Failures before the last lockout were already punished: count only those after it.
    const previousLock = await lastLockout(tx, subject, client, new Date(now - loginWindowMs - loginLockMs));
    const windowStart = Math.max(now - loginWindowMs, previousLock?.getTime() ?? 0);
    const [failures] = await tx
      .select({ n: count() })
      .from(loginAttempts)
      .where(
        and(
          subjectIs(subject, client),
          eq(loginAttempts.result, 'failed'),
          gt(loginAttempts.createdAt, new Date(windowStart)),
        ),
      );
    const result = (failures?.n ?? 0) + 1 >= loginMaxFailures ? 'lockout' : 'failed';
    await record(tx, subject, result, client);
    return result;
  });
}
