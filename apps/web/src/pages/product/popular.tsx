import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePopular } from '../../features/market/api/popular.ts';
import { ListState } from '../../features/market/components/list-state.tsx';
import { mixesCurrencies, QuoteRow } from '../../features/market/components/quote-row.tsx';
import styles from '../../features/market/market.module.css';

/** The popular stocks, live. */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const popular = usePopular();
  return (
    <div className={styles.page}>
      <h1 className="page-title">{t('pages.product.popular')}</h1>
      <div className={styles.card}>
        <div className={styles.listHead} aria-hidden>
          <span>{t('marketUi.columns.name')}</span>
          <span>{t('marketUi.columns.price')}</span>
          <span>{t('marketUi.columns.change')}</span>
        </div>
        <ListState
          loading={popular.isPending}
          error={popular.isError}
          empty={popular.data?.length === 0}
          onRetry={() => void popular.refetch()}
        />
        <ul className={styles.quoteList} data-testid="quote-list">
          {popular.data?.map((quote) => (
            <QuoteRow
              key={quote.symbol}
              quote={quote}
              showCurrency={mixesCurrencies(popular.data)}
              showState
              onOpen={(symbol) => navigate(`/pages/quote/stock?symbol=${encodeURIComponent(symbol)}`)}
            />
          ))}
        </ul>
      </div>
    </div>
  );
}
