import { QuoteDetail } from '../../features/quote/components/quote-detail.tsx';
import type { PageProps } from '../../shared/page.ts';

export function Page({ query }: PageProps) {
  return <QuoteDetail symbol={query.symbol ?? ''} title="pages.quote.in" kind="index" />;
}
