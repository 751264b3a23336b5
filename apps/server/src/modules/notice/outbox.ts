import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.ts';

/**
 * Notices are the outbox of push and mail (docs/api.md, Notifications): each reader keeps a
 * cursor (`app_settings`, under `cursorKey`) and, in one transaction, queues the notices past it
 * that are at least as old as `settled` (so a transaction that took a lower id has committed) and
 * moves the cursor. `queue` is the insert of the reader's own rows for the ids in (`from`, `upTo`].
 */
export async function queueSettledNotices(
  db: Database,
  cursorKey: string,
  settled: Date,
  queue: (from: number, upTo: number) => SQL,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [cursor] = await queryRows<{ value: { noticeId: number } }>(
      tx,
      sql`select value from app_settings where key = ${cursorKey} for update`,
    );
    const [newest] = await queryRows<{ id: number | null }>(
      tx,
      sql`select max(id) as id from notices where created_at <= ${settled}`,
    );
    const upTo = Number(newest?.id ?? 0);
    // The first pass starts from now: notices from before the reader existed are not sent.
    const from = cursor ? cursor.value.noticeId : upTo;
    if (upTo > from) await tx.execute(queue(from, upTo));
    await tx.execute(sql`
      insert into app_settings (key, value) values (${cursorKey}, ${JSON.stringify({ noticeId: Math.max(from, upTo) })}::jsonb)
      on conflict (key) do update set value = excluded.value`);
  });
}
