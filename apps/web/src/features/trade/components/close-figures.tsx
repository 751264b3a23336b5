import type { HoldingClosePreview } from '@soar/contract';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { useTradeFormat } from '../use-trade-format.ts';
import { Row } from './figure-row.tsx';
import styles from './trade.module.css';

/**
 * What selling a holding (or buying a short back) returns, as `order/close/holding/preview`
 * answers it: the price it closes at, the one closing fee, what returns and the realised P/L.
 */
export function CloseFigures({
  preview,
  problems,
  loading,
}: {
  preview: HoldingClosePreview | undefined;
  problems: string[];
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const { currency = '', market } = preview ?? {};
  const money = (value: string) => format.amount(value, currency);
  const long = preview?.direction === 'buy';
  return (
    <section className={styles.preview} data-testid="close-preview" aria-busy={loading}>
      <h3 className={styles.previewTitle}>{t('trading.preview.title')}</h3>
      {problems.map((problem) => (
        <p key={problem} className={styles.danger} role="alert">
          {problem}
        </p>
      ))}
      {!preview && problems.length === 0 && <p className={styles.caption}>{t('trading.preview.unavailable')}</p>}
      {preview && (
        <dl className={styles.rows}>
          <Row label={t(long ? 'trading.closing.priceBid' : 'trading.closing.priceAsk')} testId="close-price">
            {format.price(preview.price, market)}
          </Row>
          <Row label={t('trading.closing.cost')}>{money(preview.cost)}</Row>
          <Row label={t('trading.preview.fee')} testId="close-fee">
            {money(preview.fee)}
          </Row>
          <Row label={t('trading.closing.proceeds')} testId="close-proceeds">
            <strong>{money(preview.proceeds)}</strong>
          </Row>
          <Row label={t('trading.closing.realised')} testId="close-realised">
            <span className={new Decimal(preview.realisedPnl).isNegative() ? styles.down : styles.up}>
              {format.pnl(preview.realisedPnl, currency)}
            </span>
          </Row>
        </dl>
      )}
      {preview && preview.parts.length > 1 && (
        <p className={styles.caption}>{t('trading.closing.parts', { count: preview.parts.length })}</p>
      )}
    </section>
  );
}
