import type { Quote } from '@soar/contract';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIndexList } from '../../../shared/quote/index-list.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import styles from '../quote.module.css';
import { LoadError } from './load-error.tsx';
import { groupByRegion } from './regions.ts';

type Props = { title: string; layout: 'rows' | 'cards'; renderItem: (quote: Quote) => ReactNode };

/** The global indices by region, as rows (the list) or cards (the overview). */
export function IndexList({ title, layout, renderItem }: Props) {
  const { t } = useTranslation();
  const list = useIndexList();
  return (
    <section className={styles.page}>
      <h1 className="page-title">{t(title)}</h1>
      {list.isError ? (
        <LoadError onRetry={() => list.refetch()} />
      ) : !list.data ? (
        <Spinner delay={200} />
      ) : (
        groupByRegion(list.data).map((group) => (
          <section key={group.region} className={styles.indexGroup} data-testid={`region-${group.region}`}>
            <h2 className={styles.indexGroupTitle}>{t(`quoteUi.regions.${group.region}`)}</h2>
            <ul className={layout === 'rows' ? styles.indexRows : styles.indexCards}>
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
