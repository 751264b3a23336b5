import { directions, type Order, orderStatuses, orderTypes } from '@soar/contract';
import { Button } from 'antd-mobile';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, toast } from '../../../shared/feedback.ts';
import { Sheet } from '../../../shared/ui/sheet.tsx';
import { useCancelOrder } from '../api/cancel.ts';
import { useOrderDetail } from '../api/detail.ts';
import { type UpdateBody, useUpdateOrder } from '../api/update.ts';
import { kindOf, protectionProblems } from '../ticket.ts';
import { useTradeFormat } from '../use-trade-format.ts';
import { Row } from './figure-row.tsx';
import { PriceInput } from './price-input.tsx';
import styles from './trade.module.css';

const statusKey = (order: Order) =>
  order.status === orderStatuses.pending && order.waitingFor === 'review' ? 'review' : order.status;

/**
 * One order: what it is, its status and why it filled at its price; a waiting order can be
 * amended (its limit or stop price, stop loss, take profit) or cancelled (its frozen funds return).
 */
export function OrderSheet({ order: initial, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const detail = useOrderDetail(initial.id);
  const order = detail.data ?? initial;
  const cancel = useCancelOrder();
  const [amending, setAmending] = useState(false);
  const pending = order.status === orderStatuses.pending;
  const long = order.direction === directions.buy;

  async function cancelOrder() {
    const ok = await confirm({
      content: t('trading.order.confirmCancel'),
      confirmText: t('trading.order.cancel'),
      cancelText: t('trading.order.keep'),
    });
    if (!ok) return;
    try {
      await cancel.mutateAsync(order.id);
    } catch {
      return;
    }
    toast(t('trading.order.cancelled'));
    onClose();
  }

  return (
    <Sheet open onClose={onClose} title={t('trading.order.title', { symbol: order.symbol })} testId="order-sheet">
      <div className={styles.form}>
        <dl className={styles.rows}>
          <Row label={t('trading.fields.status')}>
            <span data-testid="order-status">{t(`trading.status.${statusKey(order)}`)}</span>
          </Row>
          <Row label={t('trading.fields.type')}>{t(`trading.types.${kindOf(order)}`)}</Row>
          <Row label={t('trading.fields.direction')}>
            <span className={long ? styles.up : styles.down}>{t(`trading.side.${order.direction}`)}</span>
          </Row>
          <Row label={t('trading.fields.quantity')}>{format.shares(order.quantity)}</Row>
          {order.stopPrice && (
            <Row label={t('trading.fields.stopPrice')}>
              <span data-testid="order-stop-price">{format.price(order.stopPrice, order.market)}</span>
            </Row>
          )}
          {order.limitPrice && (
            <Row label={t('trading.fields.limitPrice')}>
              <span data-testid="order-limit-price">{format.price(order.limitPrice, order.market)}</span>
            </Row>
          )}
          {order.trailAmount && (
            <Row label={t('trading.fields.trailAmount')}>{format.price(order.trailAmount, order.market)}</Row>
          )}
          {order.trailPercent && (
            <Row label={t('trading.fields.trailPercent')}>{format.percent(order.trailPercent)}</Row>
          )}
          <Row label={t('trading.tif.label')}>{t(`trading.tif.${order.timeInForce}`)}</Row>
          <Row label={t('trading.fields.stopLoss')}>{format.price(order.stopLoss, order.market)}</Row>
          <Row label={t('trading.fields.takeProfit')}>{format.price(order.takeProfit, order.market)}</Row>
          {order.fillPrice && (
            <Row label={t('trading.fields.filledPrice')}>{format.price(order.fillPrice, order.market)}</Row>
          )}
          {order.fee && <Row label={t('trading.fields.fee')}>{format.amount(order.fee, order.currency)}</Row>}
          {order.total && (
            <Row label={t('trading.fields.openAmount')}>{format.amount(order.total, order.currency)}</Row>
          )}
          {pending && new Decimal(order.frozen).gt(0) && (
            <Row label={t('trading.preview.fundsNeeded')}>{format.amount(order.frozen, order.currency)}</Row>
          )}
          <Row label={t('trading.fields.createdAt')}>{format.time(order.createdAt)}</Row>
          <Row label={t('trading.fields.orderNo')}>{order.id}</Row>
        </dl>
        {order.fillReason && (
          <p className={styles.reason} data-testid="order-fill-reason">
            <strong>{t('trading.fields.fillReason')}:</strong> {order.fillReason.text}
          </p>
        )}
        {order.refuseReason && (
          <p className={styles.notice}>
            <strong>{t('trading.fields.refuseReason')}:</strong> {order.refuseReason}
          </p>
        )}
        {pending && amending && <AmendForm order={order} onDone={() => setAmending(false)} />}
        {pending && !amending && (
          <div className={styles.actions}>
            {order.waitingFor !== 'review' && (
              <Button color="primary" fill="outline" onClick={() => setAmending(true)}>
                {t('trading.order.amend')}
              </Button>
            )}
            <Button color="danger" loading={cancel.isPending} onClick={() => void cancelOrder()}>
              {t('trading.order.cancel')}
            </Button>
          </div>
        )}
      </div>
    </Sheet>
  );
}

const plain = (value: string | null) => (value ? new Decimal(value).toString() : '');

/** The fields a waiting order can change: its limit and fixed stop price as its type has them, stop loss and take profit. */
function AmendForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateOrder();
  const hasLimit = order.type === orderTypes.limit || order.type === orderTypes.stopLimit;
  const hasStop = order.type === orderTypes.stop || order.type === orderTypes.stopLimit;
  const [values, setValues] = useState({
    limitPrice: plain(order.limitPrice),
    stopPrice: plain(order.stopPrice),
    stopLoss: plain(order.stopLoss),
    takeProfit: plain(order.takeProfit),
  });
  const [submitted, setSubmitted] = useState(false);
  const reference = (hasLimit ? values.limitPrice : hasStop ? values.stopPrice : '') || undefined;
  const positive = (value: string) => /^\d{1,12}(\.\d{1,8})?$/.test(value) && new Decimal(value).gt(0);
  const errors: Record<string, string> = {};
  if (hasLimit && !positive(values.limitPrice)) errors.limitPrice = t('trading.validation.price');
  if (hasStop && !positive(values.stopPrice)) errors.stopPrice = t('trading.validation.price');
  for (const problem of protectionProblems(
    order.direction,
    values,
    reference && positive(reference) ? reference : null,
  )) {
    errors[problem.field] ??= t(problem.key);
  }
  const shown = submitted ? errors : {};
  const set = (field: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function save() {
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    const body: UpdateBody = {
      orderId: order.id,
      stopLoss: values.stopLoss.trim() || null,
      takeProfit: values.takeProfit.trim() || null,
    };
    if (hasLimit) body.limitPrice = values.limitPrice.trim();
    if (hasStop) body.stopPrice = values.stopPrice.trim();
    try {
      await update.mutateAsync(body);
    } catch {
      return;
    }
    toast(t('trading.order.amended'));
    onDone();
  }

  return (
    <form
      className={styles.section}
      noValidate
      data-testid="amend-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className={styles.fieldPair}>
        {hasStop && (
          <PriceInput
            label={t('trading.fields.stopPrice')}
            name="stopPrice"
            value={values.stopPrice}
            error={shown.stopPrice}
            onChange={set('stopPrice')}
          />
        )}
        {hasLimit && (
          <PriceInput
            label={t('trading.fields.limitPrice')}
            name="limitPrice"
            value={values.limitPrice}
            error={shown.limitPrice}
            onChange={set('limitPrice')}
          />
        )}
        <PriceInput
          label={t('trading.fields.stopLoss')}
          name="stopLoss"
          value={values.stopLoss}
          placeholder={t('trading.ticket.optional')}
          error={shown.stopLoss}
          onChange={set('stopLoss')}
        />
        <PriceInput
          label={t('trading.fields.takeProfit')}
          name="takeProfit"
          value={values.takeProfit}
          placeholder={t('trading.ticket.optional')}
          error={shown.takeProfit}
          onChange={set('takeProfit')}
        />
      </div>
      <div className={styles.actions}>
        <Button onClick={onDone}>{t('trading.order.keep')}</Button>
        <Button type="submit" color="primary" loading={update.isPending}>
          {t('trading.order.save')}
        </Button>
      </div>
    </form>
  );
}
