import { directions, type PositionClose } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { useClosedPositions } from '../api/closed.ts';
import { signOf } from '../live-pnl.ts';
import { useTradeFormat } from '../use-trade-format.ts';
import styles from './trade.module.css';

/** My closing positions: every close, whole or a part, with its realised P/L and why it got its price. */
export function ClosedTab() {
  const { t } = useTranslation();
  const closes = useClosedPositions();
  return (
    <PagedList
      query={closes}
      testId="closed-list"
      empty={t('trading.empty.closed')}
      render={(close) => <CloseCard close={close} />}
    />
  );
}

function CloseCard({ close }: { close: PositionClose }) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const sign = signOf(close.realisedPnl);
  const long = close.direction === directions.buy;
  return (
    <article className={styles.card} data-testid="closed-card" data-symbol={close.symbol}>
      <div className={styles.cardHead}>
        <div>
          <h3 className={styles.name}>{close.name}</h3>
          <p className={styles.sub}>
            {close.symbol} · {close.market}
          </p>
        </div>
        <span className={styles.tags}>
          <span className={`${styles.tag} ${long ? styles.tagBuy : styles.tagSell}`}>
            {t(`trading.direction.${close.direction}`)}
          </span>
          <span className={styles.tag}>{t(`trading.closeReason.${close.reason}`)}</span>
        </span>
      </div>
      <div className={styles.pnlLine}>
        <span
          className={`${styles.pnl} ${sign === 'up' ? styles.up : sign === 'down' ? styles.down : ''}`}
          data-testid="closed-pnl"
          data-sign={sign}
        >
          {format.pnl(close.realisedPnl, close.currency)}
        </span>
        <span className={styles.caption}>{t('trading.fields.realised')}</span>
      </div>
      <dl className={styles.grid}>
        <div>
          <dt>{t('trading.fields.quantity')}</dt>
          <dd data-testid="closed-quantity">{format.shares(close.quantity)}</dd>
        </div>
        <div>
          <dt>{t('trading.fields.filledPrice')}</dt>
          <dd>{format.price(close.openPrice, close.market)}</dd>
        </div>
        <div>
          <dt>{t('trading.fields.closePrice')}</dt>
          <dd>{format.price(close.closePrice, close.market)}</dd>
        </div>
        <div>
          <dt>{t('trading.fields.fee')}</dt>
          <dd>{format.amount(close.fee, close.currency)}</dd>
        </div>
        <div>
          <dt>{t('trading.fields.proceeds')}</dt>
          <dd>{format.amount(close.proceeds, close.currency)}</dd>
        </div>
        <div>
          <dt>{t('trading.fields.closeTime')}</dt>
          <dd>{format.time(close.closedAt)}</dd>
        </div>
      </dl>
      <p className={styles.reason}>
        <strong>{t('trading.fields.fillReason')}:</strong> {close.fillReason.text}
      </p>
    </article>
  );
}
