import { IndexList } from '../../features/quote/components/index-list.tsx';
import { IndexRow } from '../../features/quote/components/index-row.tsx';

export function Page() {
  return <IndexList title="pages.quote.globalindex" layout="rows" renderItem={(quote) => <IndexRow quote={quote} />} />;
}
