import { directions, type Position } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import type { FeedPause } from '../../../shared/quote/paused-markets.ts';
import { StaleMark } from '../../../shared/quote/stale-mark.tsx';
import { useFlash } from '../../../shared/quote/use-live-prices.ts';
import { type LiveFigures, signOf } from '../live-pnl.ts';
import { useTradeFormat } from '../use-trade-format.ts';
import styles from './trade.module.css';

/**
 * One open position: its live floating P/L (flashing as it moves), prices and protective orders;
 * marked while its market's feed is silent, as its price then stands still.
 */
export function PositionCard({
  position,
  figures,
  pause,
  onOpen,
}: {
  position: Position;
  figures: LiveFigures;
  pause?: FeedPause;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const flash = useFlash(figures.floatingPnl);
  const sign = signOf(figures.floatingPnl);
  const long = position.direction === directions.buy;
  return (
    <button
      type="button"
      className={styles.card}
      onClick={onOpen}
      data-testid="position-card"
      data-symbol={position.symbol}
      data-position={position.id}
    >
      <div className={styles.cardHead}>
        <div>
          <h3 className={styles.name}>{position.name}</h3>
          <p className={styles.sub}>
            {position.symbol} · {position.market}
          </p>
          {pause && <StaleMark quote={pause} />}
        </div>
        <span className={styles.tags}>
          <span className={`${styles.tag} ${long ? styles.tagBuy : styles.tagSell}`}>
            {t(`trading.direction.${position.direction}`)}
          </span>
          <span className={styles.tag}>{t('trading.fields.shares', { count: position.quantity })}</span>
        </span>
      </div>
      <div className={styles.pnlLine}>
        <span
          key={flash.key}
          className={`${styles.pnl} ${sign === 'up' ? styles.up : sign === 'down' ? styles.down : ''} ${
            flash.flash === 'up' ? styles.flashUp : flash.flash === 'down' ? styles.flashDown : ''
          }`}
          data-testid="position-pnl"
          data-sign={sign}
        >
          {format.pnl(figures.floatingPnl, position.currency)}
        </span>
        <span className={`${styles.caption} ${sign === 'up' ? styles.up : sign === 'down' ? styles.down : ''}`}>
          {format.percent(figures.floatingPnlPercent)}
        </span>
      </div>
      <dl className={styles.grid}>
        <div>
          <dt>{t('trading.fields.filledPrice')}</dt>
          <dd>{format.price(position.openPrice, position.market)}</dd>
        </div>
        <div>
          <dt>{t('trading.fields.currentPrice')}</dt>
          <dd data-testid="position-mark">{format.price(figures.mark, position.market)}</dd>
        </div>
        <div>
          <dt>{t('trading.summary.value')}</dt>
          <dd>{format.number(figures.marketValue ?? '0', position.currency)}</dd>
        </div>
        <div>
          <dt>{t('trading.fields.stopLoss')}</dt>
          <dd data-testid="position-stop-loss">{format.price(position.stopLoss, position.market)}</dd>
        </div>
        <div>
          <dt>{t('trading.fields.takeProfit')}</dt>
          <dd data-testid="position-take-profit">{format.price(position.takeProfit, position.market)}</dd>
        </div>
        <div>
          <dt>{t('trading.fields.openTime')}</dt>
          <dd>{format.time(position.openedAt)}</dd>
        </div>
      </dl>
    </button>
  );
}
