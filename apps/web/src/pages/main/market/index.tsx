import { useReachBottom } from '../../../shared/page.ts';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page.tsx';

/** The markets tab. Its lists will load more through `useReachBottom` (50 px, SPEC section 2). */
export function Page() {
  useReachBottom(() => {});
  return <PlaceholderPage title="pages.main.market.index" />;
}
