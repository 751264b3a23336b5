import { directions, type Order, orderStatuses } from '@soar/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../shared/feedback.ts';
import { useIdempotentAttempt } from '../../../shared/idempotency.ts';
import { PayPasswordField } from '../../../shared/ui/pay-password-field.tsx';
import { type PlaceBody, usePlaceOrder } from '../api/place.ts';
import { errorMessages, usePreview } from '../api/preview.ts';
import { isBlock, priceFieldsOf, ticketFromQuery, toOrderInput } from '../ticket.ts';
import { useTradeFormat } from '../use-trade-format.ts';
import { PreviewFigures } from './preview-figures.tsx';
import { SessionLine } from './session-line.tsx';
import styles from './trade.module.css';

const payPasswordPattern = /^.{4,16}$/;

/**
 * The confirmation step of an order (`/pages/payment/stock`): the order as the ticket made it, the
 * totals of a fresh preview, the pay password for a block order, and Place with an
 * Idempotency-Key, so a retried tap never places twice.
 */
export function ConfirmOrder({
  query,
  hasPayPassword,
  onPlaced,
}: {
  query: Record<string, string>;
  hasPayPassword: boolean;
  onPlaced: (order: Order) => void;
}) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const ticket = ticketFromQuery(query);
  const input = ticket && toOrderInput(ticket);
  const preview = usePreview(input);
  const place = usePlaceOrder();
  const attempts = useIdempotentAttempt<PlaceBody>();
  const [payPassword, setPayPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);

  if (!ticket || !input) {
    return (
      <div className={styles.empty} data-testid="confirm-missing">
        <p>{t('trading.confirm.missing')}</p>
        <Link className={styles.link} to="/pages/main/market/index">
          {t('trading.empty.browse')}
        </Link>
      </div>
    );
  }

  const data = preview.data;
  const block = data?.block ?? isBlock(ticket.quantity);
  const payPasswordError =
    block && submitted && !payPasswordPattern.test(payPassword) ? t('validation.passwordLength') : undefined;
  const canPlace = Boolean(data?.sufficient) && !preview.isError && (!block || hasPayPassword);

  async function submit() {
    setSubmitted(true);
    if (!input || !canPlace || (block && !payPasswordPattern.test(payPassword))) return;
    const sent = await attempts.send(place.mutateAsync, block ? { ...input, payPassword } : input);
    if (!sent) return;
    const order = sent.answer;
    toast(
      order.status === orderStatuses.filled
        ? t('trading.confirm.filled', { price: format.price(order.fillPrice, order.market) })
        : order.waitingFor === 'review'
          ? t('trading.confirm.review')
          : t('trading.confirm.waiting'),
    );
    onPlaced(order);
  }

  const long = ticket.direction === directions.buy;
  return (
    <form
      className={styles.section}
      noValidate
      data-testid="confirm-order"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className={styles.panel}>
        <div className={styles.headline}>
          <span className={`${styles.big} ${long ? styles.up : styles.down}`}>
            {t('trading.ticket.title', { side: t(`trading.side.${ticket.direction}`), symbol: ticket.symbol })}
          </span>
          {data && <span className={styles.caption}>{data.name}</span>}
        </div>
        {data && <SessionLine market={data.market} session={data.session} />}
        <dl className={styles.rows}>
          <Row label={t('trading.fields.type')}>{t(`trading.types.${ticket.kind}`)}</Row>
          <Row label={t('trading.fields.quantity')}>
            <span data-testid="confirm-quantity">{format.shares(ticket.quantity)}</span>
          </Row>
          {priceFieldsOf[ticket.kind].map((field) => (
            <Row key={field} label={t(`trading.fields.${field}`)}>
              {field === 'trailPercent'
                ? format.percent(ticket.trailPercent)
                : format.price(ticket[field], data?.market)}
            </Row>
          ))}
          {ticket.stopLoss && (
            <Row label={t('trading.fields.stopLoss')}>{format.price(ticket.stopLoss, data?.market)}</Row>
          )}
          {ticket.takeProfit && (
            <Row label={t('trading.fields.takeProfit')}>{format.price(ticket.takeProfit, data?.market)}</Row>
          )}
          <Row label={t('trading.tif.label')}>{t(`trading.tif.${ticket.timeInForce}`)}</Row>
        </dl>
      </div>
      <PreviewFigures preview={preview.isError ? undefined : data} problems={errorMessages(preview.error)} />
      {block && (
        <PayPasswordField
          hasPayPassword={hasPayPassword}
          value={payPassword}
          onChange={setPayPassword}
          error={payPasswordError}
          missing={t('trading.confirm.noPayPassword')}
          note={t('trading.confirm.payPasswordNote')}
        />
      )}
      <Button
        block
        type="submit"
        size="large"
        color={long ? 'success' : 'danger'}
        loading={place.isPending}
        disabled={!canPlace}
      >
        {t('trading.confirm.place')}
      </Button>
    </form>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
