import { queryText } from '../../db/client.ts';
import type { Book } from '../ledger/index.ts';

export type Notice = {
  userId: number;
  /** Names the texts `notice.<kind>.title` and `notice.<kind>.body`. */
  kind: string;
  params?: Record<string, string | number>;
  reference?: string;
};

/** A constant statement: every review and every fill sends it. */
const noticeStatement =
  'insert into notices (user_id, kind, params, reference) values ($1, $2, $3::jsonb, $4) returning id';

/**
 * Stores a notice in the transaction of what it reports (a review, a fill), so the notice exists
 * exactly when the change does; the member's `notice` topic hears of it after the commit.
 */
export async function sendNotice(book: Book, notice: Notice): Promise<number> {
  const [row] = await queryText<{ id: number }>(book.tx, noticeStatement, [
    notice.userId,
    notice.kind,
    JSON.stringify(notice.params ?? {}),
    notice.reference ?? null,
  ]);
  if (!row) throw new Error('insert returned no notice');
  book.emit('notice', { userId: notice.userId, id: row.id });
  return row.id;
}
