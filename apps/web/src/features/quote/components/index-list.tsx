import type { Quote } from '@soar/contract';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useIndexList } from '../api/index-list.ts';
import { LoadError } from './load-error.tsx';
import { groupByRegion } from './regions.ts';
import '../quote.css';

type Props = { title: string; layout: 'rows' | 'cards'; renderItem: (quote: Quote) => ReactNode };

/** The global indices by region, as rows (the list) or cards (the overview). */
export function IndexList({ title, layout, renderItem }: Props) {
  const { t } = useTranslation();
  const list = useIndexList();
  return (
    <section className="quote-page">
      <h1 className="quote-page-title">{t(title)}</h1>
      {list.isError ? (
        <LoadError onRetry={() => list.refetch()} />
      ) : !list.data ? (
        <Spinner delay={200} />
      ) : (
        groupByRegion(list.data).map((group) => (
          <section key={group.region} className="index-group" data-testid={`region-${group.region}`}>
            <h2 className="index-group-title">{t(`quoteUi.regions.${group.region}`)}</h2>
            <ul className={layout === 'rows' ? 'index-rows' : 'index-cards'}>
              {group.quotes.map((quote) => (
                <Fragment key={quote.symbol}>{renderItem(quote)}</Fragment>
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
