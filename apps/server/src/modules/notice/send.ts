import { notices } from '../../db/schema/index.ts';
import type { Book } from '../ledger/ledger.ts';

export type Notice = {
  userId: number;
  /** Names the texts `notice.<kind>.title` and `notice.<kind>.body`. */
  kind: string;
  params?: Record<string, string | number>;
  reference?: string;
};

/**
 * Stores a notice in the transaction of what it reports (a review, a fill), so the notice exists
 * exactly when the change does; the member's `notice` topic hears of it after the commit.
 */
export async function sendNotice(book: Book, notice: Notice): Promise<number> {
  const [row] = await book.tx
    .insert(notices)
    .values({ userId: notice.userId, kind: notice.kind, params: notice.params ?? {}, reference: notice.reference })
    .returning({ id: notices.id });
  if (!row) throw new Error('insert returned no notice');
  book.emit('notice', { userId: notice.userId, id: row.id });
  return row.id;
}
