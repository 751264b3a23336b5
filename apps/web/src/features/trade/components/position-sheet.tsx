import { directions, type Position } from '@soar/contract';
import { Button } from 'antd-mobile';
import Decimal from 'decimal.js';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { confirm, toast } from '../../../shared/feedback.ts';
import { useIdempotentAttempt } from '../../../shared/idempotency.ts';
import type { FeedPause } from '../../../shared/quote/paused-markets.ts';
import { Sheet } from '../../../shared/ui/sheet.tsx';
import { type CloseBody, useClosePosition } from '../api/close.ts';
import { useOrderDetail } from '../api/detail.ts';
import { useUpdateOrder } from '../api/update.ts';
import type { LiveFigures } from '../live-pnl.ts';
import { protectionProblems, quantityProblem } from '../ticket.ts';
import { useTradeFormat } from '../use-trade-format.ts';
import { Row } from './figure-row.tsx';
import { LotStepper } from './lot-stepper.tsx';
import { PausedNotice } from './paused-notice.tsx';
import { PriceInput } from './price-input.tsx';
import styles from './trade.module.css';

// The alert sheet (price alerts' own feature) loads on the first tap of Set alert.
const AlertSheet = lazy(() => import('../../alert/index.ts').then((module) => ({ default: module.AlertSheet })));

/**
 * An open position: its figures, closing all of it or a part (a multiple of the board lot) at the
 * market, and its stop loss and take profit (one-cancels-other, docs/trading.md), with the fill
 * reason of the order that opened it. While its market's feed is silent the server refuses
 * closes and amendments (QUOTE_STALE): the sheet says so and offers neither. Set alert opens the
 * position's alert sheet in its place (its P/L, or nearing its stop loss); closing that comes back.
 */
export function PositionSheet({
  position,
  figures,
  pause,
  onClose,
}: {
  position: Position;
  figures: LiveFigures;
  pause?: FeedPause;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const opening = useOrderDetail(position.orderId);
  const long = position.direction === directions.buy;
  const { key } = useLocation();
  // The page the alert sheet opened on: closed there, the position comes back; left, both close.
  const [alertingOn, setAlertingOn] = useState<string>();
  if (alertingOn !== undefined) {
    return (
      <Suspense fallback={null}>
        <AlertSheet
          symbol={position.symbol}
          position={position}
          onClose={() => (alertingOn === key ? setAlertingOn(undefined) : onClose())}
        />
      </Suspense>
    );
  }
  return (
    <Sheet
      open
      onClose={onClose}
      title={t('trading.position.title', { symbol: position.symbol })}
      testId="position-sheet"
    >
      <div className={styles.form}>
        <dl className={styles.rows}>
          <Row label={t('trading.fields.direction')}>
            <span className={long ? styles.up : styles.down}>{t(`trading.direction.${position.direction}`)}</span>
          </Row>
          <Row label={t('trading.fields.quantity')}>{format.shares(position.quantity)}</Row>
          <Row label={t('trading.fields.filledPrice')}>{format.price(position.openPrice, position.market)}</Row>
          <Row label={t('trading.fields.currentPrice')}>{format.price(figures.mark, position.market)}</Row>
          <Row label={t('trading.fields.floating')}>
            <span data-testid="sheet-pnl">{format.pnl(figures.floatingPnl, position.currency)}</span>
          </Row>
          <Row label={t('trading.fields.openAmount')}>{format.amount(position.cost, position.currency)}</Row>
          <Row label={t('trading.fields.fee')}>{format.amount(position.openFee, position.currency)}</Row>
          {position.closedQuantity > 0 && (
            <Row label={t('trading.fields.realised')}>{format.pnl(position.realisedPnl, position.currency)}</Row>
          )}
          <Row label={t('trading.fields.openTime')}>{format.time(position.openedAt)}</Row>
        </dl>
        {opening.data?.fillReason && (
          <p className={styles.reason} data-testid="position-fill-reason">
            <strong>{t('trading.fields.fillReason')}:</strong> {opening.data.fillReason.text}
          </p>
        )}
        <Button
          block
          fill="outline"
          color="primary"
          onClick={() => setAlertingOn(key)}
          data-testid="position-set-alert"
        >
          {t('alert.set')}
        </Button>
        <hr className={styles.divider} />
        {pause && <PausedNotice symbol={position.symbol} pause={pause} />}
        <CloseForm position={position} figures={figures} paused={Boolean(pause)} onClosedAll={onClose} />
        <hr className={styles.divider} />
        <ProtectionForm position={position} mark={figures.mark} paused={Boolean(pause)} />
      </div>
    </Sheet>
  );
}

function CloseForm({
  position,
  figures,
  paused,
  onClosedAll,
}: {
  position: Position;
  figures: LiveFigures;
  paused: boolean;
  onClosedAll: () => void;
}) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const close = useClosePosition();
  const attempts = useIdempotentAttempt<CloseBody>();
  const lot = position.lotSize;
  const long = position.direction === directions.buy;
  const [mode, setMode] = useState<'all' | 'part'>('all');
  const [part, setPart] = useState(String(lot));
  const problem = mode === 'part' ? quantityProblem(part, lot, position.quantity) : undefined;
  const quantity = mode === 'all' ? position.quantity : Number(part);
  const valid = problem === undefined;
  const estimate =
    figures.floatingPnl === null || !valid
      ? null
      : new Decimal(figures.floatingPnl).times(quantity).dividedBy(position.quantity).toString();

  async function submit() {
    if (!valid || paused) return;
    const ok = await confirm({
      content: t(long ? 'trading.position.confirmSell' : 'trading.position.confirmCover', {
        count: quantity,
        symbol: position.symbol,
      }),
      confirmText: t(long ? 'trading.actions.sell' : 'trading.actions.cover'),
      cancelText: t('trading.order.keep'),
    });
    if (!ok) return;
    const body: CloseBody = { positionId: position.id, ...(mode === 'part' ? { quantity } : {}) };
    if (!(await attempts.send(close.mutateAsync, body))) return;
    toast(t('trading.position.closed', { count: quantity }));
    if (quantity === position.quantity) onClosedAll();
    else setPart(String(lot));
  }

  return (
    <section className={styles.section} data-testid="close-form">
      <h3 className={styles.sectionHead}>{t(long ? 'trading.actions.sell' : 'trading.actions.cover')}</h3>
      <div className={styles.chips}>
        {(['all', 'part'] as const).map((value) => (
          <button
            key={value}
            type="button"
            className={styles.chip}
            aria-pressed={mode === value}
            disabled={value === 'part' && position.quantity <= lot}
            onClick={() => setMode(value)}
          >
            {t(value === 'all' ? 'trading.position.closeAll' : 'trading.position.closePart')}
          </button>
        ))}
      </div>
      {mode === 'part' && (
        <div className={styles.field}>
          <span className={styles.label}>{t('trading.position.quantityToClose')}</span>
          <LotStepper
            name="closeQuantity"
            label={t('trading.position.quantityToClose')}
            value={part}
            lot={lot}
            max={position.quantity}
            onChange={setPart}
            invalid={!valid}
          />
          {problem && (
            <p className={styles.error} role="alert">
              {t(problem.key, problem.params)}
            </p>
          )}
        </div>
      )}
      <div className={styles.row}>
        <span className={styles.rowLabel}>{t('trading.position.estimate')}</span>
        <span className={styles.rowValue}>{format.pnl(estimate, position.currency)}</span>
      </div>
      <Button
        block
        color={long ? 'danger' : 'success'}
        loading={close.isPending}
        disabled={!valid || paused}
        onClick={() => void submit()}
      >
        {t(long ? 'trading.position.sellButton' : 'trading.position.coverButton', { count: quantity })}
      </Button>
    </section>
  );
}

function ProtectionForm({ position, mark, paused }: { position: Position; mark: string | null; paused: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateOrder();
  const [values, setValues] = useState({
    stopLoss: position.stopLoss ? new Decimal(position.stopLoss).toString() : '',
    takeProfit: position.takeProfit ? new Decimal(position.takeProfit).toString() : '',
  });
  const [submitted, setSubmitted] = useState(false);
  const problems = protectionProblems(position.direction, values, mark);
  const errorOf = (field: 'stopLoss' | 'takeProfit') => {
    const problem = submitted ? problems.find((item) => item.field === field) : undefined;
    return problem && t(problem.key);
  };

  async function save() {
    setSubmitted(true);
    if (problems.length > 0 || paused) return;
    try {
      await update.mutateAsync({
        positionId: position.id,
        stopLoss: values.stopLoss.trim() || null,
        takeProfit: values.takeProfit.trim() || null,
      });
    } catch {
      return;
    }
    toast(t('trading.position.saved'));
  }

  return (
    <form
      className={styles.section}
      noValidate
      data-testid="protection-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h3 className={styles.sectionHead}>{t('trading.position.protect')}</h3>
      <div className={styles.fieldPair}>
        <PriceInput
          label={t('trading.fields.stopLoss')}
          name="stopLoss"
          value={values.stopLoss}
          placeholder={t('trading.ticket.optional')}
          error={errorOf('stopLoss')}
          onChange={(stopLoss) => setValues((current) => ({ ...current, stopLoss }))}
        />
        <PriceInput
          label={t('trading.fields.takeProfit')}
          name="takeProfit"
          value={values.takeProfit}
          placeholder={t('trading.ticket.optional')}
          error={errorOf('takeProfit')}
          onChange={(takeProfit) => setValues((current) => ({ ...current, takeProfit }))}
        />
      </div>
      <Button block type="submit" color="primary" fill="outline" loading={update.isPending} disabled={paused}>
        {t('trading.position.save')}
      </Button>
    </form>
  );
}
