import { useTranslation } from 'react-i18next';
import { navigate } from '../../../shared/navigation.ts';

const tradePath = '/pages/main/trade/index';

/** Buy and sell open the trade tab for the symbol and side. */
export function TradeButtons({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const open = (side: 'buy' | 'sell') => navigate(`${tradePath}?symbol=${encodeURIComponent(symbol)}&side=${side}`);
  return (
    <div className="trade-buttons">
      <button type="button" className="trade-button trade-buy" onClick={() => open('buy')}>
        {t('quoteUi.buy')}
      </button>
      <button type="button" className="trade-button trade-sell" onClick={() => open('sell')}>
        {t('quoteUi.sell')}
      </button>
    </div>
  );
}
