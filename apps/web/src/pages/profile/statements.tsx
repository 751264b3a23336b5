import { StatementList } from '../../features/portfolio/components/statement-list.tsx';
import { PageFrame } from '../../shared/ui/page-frame.tsx';

/** Monthly statements under the profile. */
export function Page() {
  return (
    <PageFrame title="pages.profile.statements">
      <StatementList />
    </PageFrame>
  );
}
