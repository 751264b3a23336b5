import { QuoteDetail } from '../../features/quote/components/quote-detail.tsx';
import { useSessionStore } from '../../features/session/store.ts';
import type { PageProps } from '../../shared/page.ts';

export function Page({ query }: PageProps) {
  const signedIn = useSessionStore((state) => state.isLogined);
  return <QuoteDetail symbol={query.symbol ?? ''} title="pages.quote.in" kind="index" signedIn={signedIn} />;
}
