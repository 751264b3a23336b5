import { useTranslation } from 'react-i18next';
import { navigate } from '../../../shared/navigation.ts';
import styles from '../quote.module.css';

const tradePath = '/pages/main/trade/index';

/** Buy and sell open the trade tab for the symbol and side. */
export function TradeButtons({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const open = (side: 'buy' | 'sell') => navigate(`${tradePath}?symbol=${encodeURIComponent(symbol)}&side=${side}`);
  return (
    <div className={styles.tradeButtons}>
      <button type="button" className={`${styles.tradeButton} ${styles.tradeBuy}`} onClick={() => open('buy')}>
        {t('quoteUi.buy')}
      </button>
      <button type="button" className={`${styles.tradeButton} ${styles.tradeSell}`} onClick={() => open('sell')}>
        {t('quoteUi.sell')}
      </button>
    </div>
  );
}
