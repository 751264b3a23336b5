import { IndexList } from '../../features/quote/components/index-list.tsx';
import { IndexSparkline } from '../../features/quote/components/index-sparkline.tsx';
import { navigate } from '../../shared/navigation.ts';
import { quotePath } from '../../shared/quote/format.ts';
import { IndexCard } from '../../shared/quote/index-card.tsx';

/** The indices' overview: the companion of the index detail (docs/web.md, Quote pages). */
export function Page() {
  return (
    <IndexList
      title="pages.quote.gin"
      layout="cards"
      renderItem={(quote) => (
        <li>
          <IndexCard
            quote={quote}
            onOpen={(item) => navigate(quotePath(item))}
            extra={<IndexSparkline quote={quote} />}
          />
        </li>
      )}
    />
  );
}
