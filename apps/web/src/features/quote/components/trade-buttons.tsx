import { useTranslation } from 'react-i18next';
import styles from '../quote.module.css';

export type TradeSide = 'buy' | 'sell';

/** Buy and sell: the stock page opens the order ticket for the side. */
export function TradeButtons({ onTrade }: { onTrade: (side: TradeSide) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.tradeButtons}>
      <button type="button" className={`${styles.tradeButton} ${styles.tradeBuy}`} onClick={() => onTrade('buy')}>
        {t('quoteUi.buy')}
      </button>
      <button type="button" className={`${styles.tradeButton} ${styles.tradeSell}`} onClick={() => onTrade('sell')}>
        {t('quoteUi.sell')}
      </button>
    </div>
  );
}
