import { randomInt } from 'node:crypto';
import type {
  CodeScene,
  LanguageKey,
  LoginAnswer,
  PasswordLoginAnswer,
  RegisterBody,
  ResetPasswordBody,
} from '@soar/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import { setPayPassword } from '../../core/pay-password.ts';
import { type StartedHold, startWithdrawalHold } from '../../core/withdrawal-hold.ts';
import type { Database } from '../../db/client.ts';
import { payPasswords, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import {
  checkCode,
  codeResendMs,
  codeTtlMs,
  consumeCode,
  issueCode,
  type Logger,
  mailDestination,
  normaliseAreaCode,
  phoneDestination,
} from './codes.ts';
import type { CodeSender } from './delivery.ts';
import { guardLogin } from './login-guard.ts';
import { type Client, openSession, revokeAllSessions } from './sessions.ts';
import { openLoginChallenge } from './two-step.ts';

export type AccountDeps = { db: Database; sender: CodeSender; log: Logger };

type Contact = { type: 'email' | 'phone'; mail?: string; phone?: string; areaCode?: string };
type User = typeof users.$inferSelect;

/** The contact of a validated body (the contract has checked the fields its type needs). */
function destinationOf(contact: Contact): { channel: 'email' | 'phone'; destination: string } {
  if (contact.type === 'email') return { channel: 'email', destination: mailDestination(contact.mail ?? '') };
  return { channel: 'phone', destination: phoneDestination(contact.areaCode ?? '', contact.phone ?? '') };
}

async function findByContact(db: Database, contact: Contact): Promise<User | undefined> {
  const where =
    contact.type === 'email'
      ? eq(users.mail, mailDestination(contact.mail ?? ''))
      : and(
          eq(users.areaCode, normaliseAreaCode(contact.areaCode ?? '')),
          eq(users.phone, (contact.phone ?? '').trim()),
        );
  const [user] = await db.select().from(users).where(where).limit(1);
  return user;
}

function alreadyRegistered(contact: Contact): AppError {
  return new AppError(contact.type === 'email' ? 'MAIL_REGISTERED' : 'PHONE_REGISTERED');
}

/**
 * Sends a code. Neither scene reveals who has an account (docs/identity.md, Accounts): scene
 * register answers alike for a registered destination but sends nothing, scene resetpwd answers
 * alike for an unknown one but sends nothing. Scene paypwd goes to the signed-in member's own
 * mail or phone.
 */
export async function sendCode(
  deps: AccountDeps,
  body: Contact & { scene: CodeScene },
  context: { lang: LanguageKey; userId?: number },
): Promise<{ expiresIn: number; resendIn: number }> {
  let target: { channel: 'email' | 'phone'; destination: string };
  if (body.scene === 'paypwd') {
    const [user] = await deps.db
      .select()
      .from(users)
      .where(eq(users.id, context.userId ?? 0));
    if (!user) throw new AppError('UNAUTHORIZED');
    if (body.type === 'email') {
      if (!user.mail) throw new AppError('MAIL_NOT_BOUND');
      target = { channel: 'email', destination: mailDestination(user.mail) };
    } else {
      if (!user.phone || !user.areaCode) throw new AppError('PHONE_NOT_BOUND');
      target = { channel: 'phone', destination: phoneDestination(user.areaCode, user.phone) };
    }
  } else {
    target = destinationOf(body);
    const existing = await findByContact(deps.db, body);
    if ((body.scene === 'register' && existing) || (body.scene === 'resetpwd' && !existing)) {
      return { expiresIn: codeTtlMs / 1000, resendIn: codeResendMs / 1000 };
    }
  }
  return issueCode(deps, { ...target, scene: body.scene, lang: context.lang });
}

const inviteAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

async function unusedValue(db: Database, make: () => string, taken: (value: string) => ReturnType<typeof eq>) {
  for (let tries = 0; tries < 10; tries++) {
    const value = make();
    const [row] = await db.select({ id: users.id }).from(users).where(taken(value)).limit(1);
    if (!row) return value;
  }
  throw new Error('no unused value after 10 tries');
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint: name } = cause as { code?: string; constraint?: string };
    if (code === '23505') return name === undefined || name === constraint;
  }
  return false;
}

/** Registers by mail or phone with a register code and signs the new member in at once. */
export async function register(deps: AccountDeps, body: RegisterBody, client: Client): Promise<LoginAnswer> {
  const { db } = deps;
  // The code first: only whoever received a register code learns that the address is taken.
  const { destination } = destinationOf(body);
  const checked = await checkCode(db, { destinations: [destination], scene: 'register', code: body.code });
  if (await findByContact(db, body)) throw alreadyRegistered(body);
  let inviterId: number | null = null;
  const inviteCode = body.inviteCode?.trim();
  if (inviteCode) {
    const [inviter] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.inviteCode, inviteCode.toUpperCase()));
    if (!inviter) throw new AppError('INVITE_CODE_UNKNOWN');
    inviterId = inviter.id;
  }
  const passwordHash = await hashPassword(body.password);
  const uid = await unusedValue(
    db,
    () => String(randomInt(10_000_000, 100_000_000)),
    (v) => eq(users.uid, v),
  );
  const ownInviteCode = await unusedValue(
    db,
    () => Array.from({ length: 6 }, () => inviteAlphabet[randomInt(inviteAlphabet.length)]).join(''),
    (v) => eq(users.inviteCode, v),
  );
  const contact =
    body.type === 'email'
      ? { mail: destination, nickname: destination.split('@')[0]?.slice(0, 24) || 'Soar' }
      : {
          areaCode: normaliseAreaCode(body.areaCode ?? ''),
          phone: (body.phone ?? '').trim(),
          nickname: `Soar${(body.phone ?? '').slice(-4)}`,
        };
  try {
    return await db.transaction(async (tx) => {
      await consumeCode(tx, checked);
      const [user] = await tx
        .insert(users)
        .values({ uid, inviteCode: ownInviteCode, inviterId, passwordHash, ...contact })
        .returning({ id: users.id });
      if (!user) throw new Error('insert returned no user');
      return openSession(tx, user.id, client);
    });
  } catch (error) {
    if (isUniqueViolation(error, body.type === 'email' ? 'users_mail_unique' : 'users_phone_unique')) {
      throw alreadyRegistered(body);
    }
    throw error;
  }
}

type LoginBy = { mail: string } | { areaCode: string; phone: string } | { username: string };

/**
 * Logs a member in by mail or by phone: a session, or with two-step sign-in on a challenge for
 * the second step (docs/identity.md, Two-step sign-in).
 */
export async function loginByPassword(
  db: Database,
  by: LoginBy,
  password: string,
  client: Client,
): Promise<PasswordLoginAnswer> {
  const user = await checkPassword(db, by, password, client);
  if (user.totpEnabledAt) return openLoginChallenge(db, user.id);
  return openSession(db, user.id, client);
}

/**
 * The older client's login (mail or phone typed as one `username`): it has no second step, so an
 * account with two-step sign-in is refused once the password is right.
 */
export async function login(db: Database, by: LoginBy, password: string, client: Client): Promise<LoginAnswer> {
  const user = await checkPassword(db, by, password, client);
  if (user.totpEnabledAt) throw new AppError('TWO_STEP_LOGIN_REQUIRED');
  return openSession(db, user.id, client);
}

/** The account whose password this is, under the lockout; frozen logins are refused. */
async function checkPassword(db: Database, by: LoginBy, password: string, client: Client): Promise<User> {
  let identifier: string;
  let user: User | undefined;
  if ('mail' in by) {
    identifier = mailDestination(by.mail);
    [user] = await db.select().from(users).where(eq(users.mail, identifier)).limit(1);
  } else if ('phone' in by) {
    identifier = phoneDestination(by.areaCode, by.phone);
    user = await findByContact(db, { type: 'phone', ...by });
  } else if (by.username.includes('@')) {
    identifier = mailDestination(by.username);
    [user] = await db.select().from(users).where(eq(users.mail, identifier)).limit(1);
  } else {
    // A phone number with or without its area code; ambiguous numbers match nobody.
    identifier = by.username.replace(/[\s+-]/g, '');
    const matches = await db
      .select()
      .from(users)
      .where(or(eq(users.phone, identifier), eq(sql`${users.areaCode} || ${users.phone}`, identifier)))
      .limit(2);
    user = matches.length === 1 ? matches[0] : undefined;
  }
  await guardLogin(
    db,
    { audience: 'member', identifier, userId: user?.id ?? null },
    user?.passwordHash,
    password,
    client,
  );
  if (!user) throw new AppError('LOGIN_FAILED');
  if (user.loginFrozen) throw new AppError('ACCOUNT_FROZEN');
  return user;
}

/**
 * Sets a new password with a resetpwd code and ends every session of the account; withdrawals
 * are held (docs/ledger.md, Withdrawal holds).
 */
export async function resetPassword(deps: AccountDeps, body: ResetPasswordBody, now: Date): Promise<StartedHold> {
  const { db } = deps;
  const user = await findByContact(db, body);
  const { destination } = destinationOf(body);
  // Unknown destinations never got a code, so this answers CODE_EXPIRED like a stale code.
  const checked = await checkCode(db, { destinations: [destination], scene: 'resetpwd', code: body.code });
  if (!user) throw new AppError('CODE_EXPIRED');
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    await consumeCode(tx, checked);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id);
    return startWithdrawalHold(tx, { userId: user.id, reason: 'passwordReset', now });
  });
}

/**
 * Changes the password with the old one; other devices are signed out, this one stays. A wrong
 * old password counts as a failed login of the account (login-guard.ts): five lock it, so a
 * stolen session cannot guess the password. Withdrawals are held (docs/ledger.md, Withdrawal holds).
 */
export async function changePassword(
  db: Database,
  member: { userId: number; sessionId: number },
  body: { oldPassword: string; password: string },
  client: Client,
  now: Date,
): Promise<StartedHold> {
  const [user] = await db.select().from(users).where(eq(users.id, member.userId));
  if (!user) throw new AppError('UNAUTHORIZED');
  const subject = { audience: 'member' as const, identifier: `user:${user.id}`, userId: user.id };
  try {
    await guardLogin(db, subject, user.passwordHash, body.oldPassword, client);
  } catch (error) {
    if (error instanceof AppError && error.code === 'LOGIN_FAILED') throw new AppError('PASSWORD_WRONG');
    throw error;
  }
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, member.userId));
    await revokeAllSessions(tx, member.userId, member.sessionId);
    return startWithdrawalHold(tx, { userId: member.userId, reason: 'loginPassword', now });
  });
}

/**
 * Sets (or replaces) the pay password with a paypwd code sent to the member's own mail or phone.
 * Replacing one holds withdrawals (docs/ledger.md, Withdrawal holds); the first one does not, as
 * nothing could be withdrawn without it.
 */
export async function setPayPasswordWithCode(
  db: Database,
  userId: number,
  body: { password: string; code: string },
  now: Date,
): Promise<StartedHold | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED');
  const destinations = [
    ...(user.mail ? [mailDestination(user.mail)] : []),
    ...(user.phone && user.areaCode ? [phoneDestination(user.areaCode, user.phone)] : []),
  ];
  const checked = await checkCode(db, { destinations, scene: 'paypwd', code: body.code });
  return db.transaction(async (tx) => {
    await consumeCode(tx, checked);
    const [previous] = await tx
      .select({ userId: payPasswords.userId })
      .from(payPasswords)
      .where(eq(payPasswords.userId, userId))
      .for('update');
    await setPayPassword(tx, userId, body.password);
    return previous ? startWithdrawalHold(tx, { userId, reason: 'payPassword', now }) : null;
  });
}
