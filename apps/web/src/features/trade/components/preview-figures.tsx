import type { OrderPreview } from '@soar/contract';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { useTradeFormat } from '../use-trade-format.ts';
import { Row } from './figure-row.tsx';
import styles from './trade.module.css';

/**
 * The figures `order/preview` answers before anything is placed (docs/trading.md): the estimated
 * price, fee, total, funds needed and available after, break-even, loss at the stop loss and gain
 * at the take profit.
 */
export function PreviewFigures({
  preview,
  problems,
  loading,
}: {
  preview: OrderPreview | undefined;
  problems: string[];
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const { currency = '', market } = preview ?? {};
  const money = (value: string) => format.amount(value, currency);
  return (
    <section className={styles.preview} data-testid="order-preview" aria-busy={loading}>
      <h3 className={styles.previewTitle}>{t('trading.preview.title')}</h3>
      {problems.map((problem) => (
        <p key={problem} className={styles.danger} role="alert">
          {problem}
        </p>
      ))}
      {!preview && problems.length === 0 && <p className={styles.caption}>{t('trading.preview.unavailable')}</p>}
      {preview && (
        <dl className={styles.rows}>
          <Row label={t('trading.preview.estimatedPrice')} testId="preview-price">
            {format.price(preview.price, market)}
          </Row>
          <Row label={t('trading.preview.fee')} testId="preview-fee">
            {money(preview.fee)}
          </Row>
          <Row label={t('trading.preview.total')} testId="preview-total">
            <strong>{money(preview.total)}</strong>
          </Row>
          <Row label={t('trading.preview.fundsNeeded')} testId="preview-funds">
            {money(preview.fundsNeeded)}
          </Row>
          <Row label={t('trading.preview.available')}>{money(preview.available)}</Row>
          <Row label={t('trading.preview.availableAfter')} testId="preview-after">
            <span className={preview.sufficient ? '' : styles.down}>{money(preview.availableAfter)}</span>
          </Row>
          <Row label={t('trading.preview.breakEven')} testId="preview-break-even">
            {format.price(preview.breakEven, market)}
          </Row>
          {preview.lossAtStopLoss !== null && (
            <Row label={t('trading.preview.lossAtStop')} testId="preview-loss">
              <span className={styles.down}>{format.pnl(preview.lossAtStopLoss, currency)}</span>
            </Row>
          )}
          {preview.gainAtTakeProfit !== null && (
            <Row label={t('trading.preview.gainAtTake')} testId="preview-gain">
              <span className={styles.up}>{format.pnl(preview.gainAtTakeProfit, currency)}</span>
            </Row>
          )}
        </dl>
      )}
      {preview && !preview.sufficient && (
        <p className={styles.danger} data-testid="preview-short">
          {t('trading.preview.short', {
            amount: money(new Decimal(preview.fundsNeeded).minus(preview.available).toString()),
          })}
        </p>
      )}
      {preview?.block && <p className={styles.notice}>{t('trading.ticket.blockNote')}</p>}
      {preview && !preview.fillsNow && preview.waitingFor === 'session' && (
        <p className={styles.notice}>{t('trading.ticket.closedNote')}</p>
      )}
    </section>
  );
}
