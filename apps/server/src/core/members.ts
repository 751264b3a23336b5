import type { MemberRef } from '@soar/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { ValidationError } from '../lib/errors.ts';
import type { Page } from '../lib/paginate.ts';

type Owned = { userId: number | null };

/**
 * The member an operator named by UID in `field` (docs/admin.md, One member identifier): an
 * unknown UID is refused on that field (422), never taken for a database id.
 */
export async function memberIdOfUid(db: Database | Transaction, uid: string, field = 'uid'): Promise<number> {
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.uid, uid));
  if (!member) throw new ValidationError([{ messageKey: 'validation.uidUnknown', params: { field, uid } }]);
  return member.id;
}

/** The columns of a member reference, for a select that joins `users` itself. */
export const memberColumns = { uid: users.uid, nickname: users.nickname, mail: users.mail };
export type WithMember<T extends Owned> = T & { member: null extends T['userId'] ? MemberRef | null : MemberRef };

/**
 * Operators name a member by UID, with name and mail beside it (docs/admin.md), never by the
 * database id: each record of an operator's list or decision gets the member it belongs to, one
 * query for a whole page.
 */
export async function withMembers<T extends Owned>(db: Database | Transaction, rows: T[]): Promise<WithMember<T>[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])))];
  const found =
    ids.length === 0
      ? []
      : await db
          .select({ id: users.id, ...memberColumns })
          .from(users)
          .where(inArray(users.id, ids));
  const byId = new Map(found.map(({ id, ...member }) => [id, member]));
  return rows.map(
    (row) => ({ ...row, member: row.userId === null ? null : (byId.get(row.userId) ?? null) }) as WithMember<T>,
  );
}

export async function withMember<T extends Owned>(db: Database | Transaction, row: T): Promise<WithMember<T>> {
  const [owned] = await withMembers(db, [row]);
  return owned as WithMember<T>;
}

export async function pageWithMembers<T extends Owned>(
  db: Database | Transaction,
  page: Page<T>,
): Promise<Page<WithMember<T>>> {
  return { ...page, list: await withMembers(db, page.list) };
}
