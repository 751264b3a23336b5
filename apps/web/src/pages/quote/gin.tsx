import { IndexCard } from '../../features/quote/components/index-card.tsx';
import { IndexList } from '../../features/quote/components/index-list.tsx';

/** The indices' overview: the companion of the index detail (docs/web.md, Quote pages). */
export function Page() {
  return <IndexList title="pages.quote.gin" layout="cards" renderItem={(quote) => <IndexCard quote={quote} />} />;
}
