import type { MemberRef } from '@soar/contract';
import { Typography } from 'antd';
import { Link } from 'react-router';

/** A member in a list: the UID, linking to their page, with name and mail beside it (docs/admin.md). */
export function MemberCell({ member }: { member: MemberRef | null }) {
  if (!member) return <>—</>;
  return (
    <div data-testid="member-cell">
      <Link to={`/members/${member.uid}`} onClick={(event) => event.stopPropagation()}>
        {member.uid}
      </Link>
      <br />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {member.mail ? `${member.nickname} · ${member.mail}` : member.nickname}
      </Typography.Text>
    </div>
  );
}
