import type { QuantFund } from '@soar/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/money-format.ts';
import styles from '../../../shared/ui/product-card.module.css';

const stateTag = { onSale: styles.tagSuccess, upcoming: styles.tagWarning, ended: '' } as const;

/** One fund of the offer: every field of the fund (docs/products.md, Quant funds) and its actions. */
export function FundCard({ fund, onBuy, onRecord }: { fund: QuantFund; onBuy: () => void; onRecord: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const range = (min: string, max: string) =>
    min === max ? money.rate(min) : `${money.rate(min)} – ${money.rate(max)}`;
  return (
    <article className={styles.card} data-testid="fund-card" data-fund={fund.id}>
      <div className={styles.cardHead}>
        <div>
          <h2 className={styles.name}>{fund.name}</h2>
          <p className={styles.sub}>{t('quant.marketCurrency', { market: fund.market, currency: fund.currency })}</p>
        </div>
        <span className={`${styles.tag} ${stateTag[fund.saleState]}`}>{t(`quant.states.${fund.saleState}`)}</span>
      </div>
      <div className={styles.highlight}>
        <span className={styles.big} data-testid="fund-range">
          {range(fund.dailyRateMin, fund.dailyRateMax)}
        </span>
        <span className={styles.caption}>{t('quant.perDay')}</span>
      </div>
      <dl className={styles.grid}>
        <div>
          <dt>{t('quant.cycle')}</dt>
          <dd>{t('quant.cycleDays', { count: fund.cycleDays })}</dd>
        </div>
        <div>
          <dt>{t('quant.estimatedReturn')}</dt>
          <dd>{range(fund.cycleReturnMin, fund.cycleReturnMax)}</dd>
        </div>
        <div>
          <dt>{t('quant.minimum')}</dt>
          <dd>{money.amount(fund.minAmount, fund.currency)}</dd>
        </div>
        <div>
          <dt>{t('quant.maximum')}</dt>
          <dd>{fund.maxAmount ? money.amount(fund.maxAmount, fund.currency) : t('quant.noMaximum')}</dd>
        </div>
        <div>
          <dt>{t('quant.saleWindow')}</dt>
          <dd>
            {money.date(fund.startTime)} – {money.date(fund.endTime)}
          </dd>
        </div>
        <div>
          <dt>{t('quant.lastTradeDay')}</dt>
          <dd>{money.day(fund.lastTradeDay)}</dd>
        </div>
        <div>
          <dt>{t('quant.latestRate')}</dt>
          <dd>
            {fund.latestRate && fund.latestRateDate
              ? t('quant.rateOn', { rate: money.rate(fund.latestRate), date: money.day(fund.latestRateDate) })
              : t('quant.noRateYet')}
          </dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Button size="small" onClick={onRecord}>
          {t('quant.record')}
        </Button>
        <Button size="small" color="primary" disabled={fund.saleState !== 'onSale'} onClick={onBuy}>
          {t('quant.buy')}
        </Button>
      </div>
    </article>
  );
}
