import type { Profile, UserInfo } from '@soar/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { balances, payPasswords, users } from '../../db/schema/index.ts';
import { moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';

/** `demo@soar.local` -> `d***@soar.local`. */
export function maskMail(mail: string): string {
  const at = mail.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${mail.slice(0, 1)}***${mail.slice(at)}`;
}

/** `13812345678` -> `138****5678`; short numbers keep less. */
export function maskPhone(phone: string): string {
  if (phone.length >= 8) return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  return `${phone.slice(0, 1)}****${phone.slice(-2)}`;
}

export async function userInfoOf(db: Database | Transaction, userId: number): Promise<UserInfo> {
  const [row] = await db
    .select({ user: users, payPassword: payPasswords.userId })
    .from(users)
    .leftJoin(payPasswords, eq(payPasswords.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('UNAUTHORIZED');
  const { user } = row;
  return {
    uid: user.uid,
    nickname: user.nickname,
    mail: user.mail ? maskMail(user.mail) : null,
    areaCode: user.areaCode,
    phone: user.phone ? maskPhone(user.phone) : null,
    inviteCode: user.inviteCode,
    kycStatus: user.kycStatus,
    vip: user.vipLevel > 0,
    vipLevel: user.vipLevel,
    hasPayPassword: row.payPassword !== null,
    totpEnabled: user.totpEnabledAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** User info plus balances per currency as decimal strings (none yet: an empty list). */
export async function profileOf(db: Database, userId: number): Promise<Profile> {
  const info = await userInfoOf(db, userId);
  const rows = await db
    .select({ currency: balances.currency, available: balances.available, frozen: balances.frozen })
    .from(balances)
    .where(eq(balances.userId, userId))
    .orderBy(asc(balances.currency));
  return {
    ...info,
    balances: rows.map((row) => ({
      currency: row.currency,
      available: moneyString(row.available),
      frozen: moneyString(row.frozen),
    })),
  };
}
