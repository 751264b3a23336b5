import { useTranslation } from 'react-i18next';

export type TradeSide = 'buy' | 'sell';

/** Buy and sell: the stock page opens the order ticket for the side. */
export function TradeButtons({ onTrade }: { onTrade: (side: TradeSide) => void }) {
  const { t } = useTranslation();
  return (
    <div className="trade-buttons">
      <button type="button" className="trade-button trade-buy" onClick={() => onTrade('buy')}>
        {t('quoteUi.buy')}
      </button>
      <button type="button" className="trade-button trade-sell" onClick={() => onTrade('sell')}>
        {t('quoteUi.sell')}
      </button>
    </div>
  );
}
