import { noticeGroupPrefixes, noticeGroups } from '@soar/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The notification kind of a notice's `kind` column in SQL, from the contract's one map: the
 * kind by name, else by prefix (price alerts, withdrawal holds), else null (the inbox only).
 */
export function noticeGroupSql(kind: SQL): SQL {
  const prefixes = noticeGroupPrefixes.map(
    ([prefix, group]) => sql`when starts_with(${kind}, ${prefix}::text) then ${group}::text`,
  );
  return sql`coalesce(${JSON.stringify(noticeGroups)}::jsonb ->> ${kind}, case ${sql.join(prefixes, sql` `)} end)`;
}

/**
 * Whether a notice goes out by push: its kind is in the map and the member has not turned push
 * off for it (no row: on). Account notices never have a row, so they always go.
 */
export function pushWanted(notice: { userId: SQL; kind: SQL }): SQL {
  const group = noticeGroupSql(notice.kind);
  return sql`${group} is not null and not exists (
    select 1 from notification_settings p
    where p.user_id = ${notice.userId} and p.kind = ${group} and not p.push)`;
}
