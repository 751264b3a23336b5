import { directions, type Order, orderStatuses } from '@soar/contract';
import { Button } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../shared/feedback.ts';
import { useIdempotentAttempt } from '../../../shared/idempotency.ts';
import { PayPasswordField } from '../../../shared/ui/pay-password-field.tsx';
import { useCloseHolding, useHoldingClosePreview } from '../api/close-holding.ts';
import { type PlaceBody, usePlaceOrder } from '../api/place.ts';
import { errorMessages, usePreview } from '../api/preview.ts';
import {
  isBlock,
  isClosing,
  priceFieldsOf,
  type Ticket,
  ticketFromQuery,
  toCloseBody,
  toOrderInput,
} from '../ticket.ts';
import { useTradeFormat } from '../use-trade-format.ts';
import { CloseFigures } from './close-figures.tsx';
import { Row } from './figure-row.tsx';
import { PausedNotice, useFeedPause } from './paused-notice.tsx';
import { PreviewFigures } from './preview-figures.tsx';
import { SessionLine } from './session-line.tsx';
import styles from './trade.module.css';

const payPasswordPattern = /^.{4,16}$/;

/**
 * The confirmation step of an order (`/pages/payment/stock`): the order as the ticket made it, the
 * totals of a fresh preview, the pay password for a block order, and Place with an
 * Idempotency-Key, so a retried tap never places twice. A Sell of a holding or a Buy to cover
 * confirms its close instead. The preview waits for the symbol's quote: while its market's feed is
 * silent nothing is previewed or sent (the server would refuse it with QUOTE_STALE).
 */
export function ConfirmOrder(props: {
  query: Record<string, string>;
  hasPayPassword: boolean;
  onPlaced: (order?: Order) => void;
}) {
  const { t } = useTranslation();
  const ticket = ticketFromQuery(props.query);
  if (!ticket) {
    return (
      <div className={styles.empty} data-testid="confirm-missing">
        <p>{t('trading.confirm.missing')}</p>
        <Link className={styles.link} to="/pages/main/market/index">
          {t('trading.empty.browse')}
        </Link>
      </div>
    );
  }
  return isClosing(ticket.action) ? (
    <ConfirmClose ticket={ticket} onDone={() => props.onPlaced()} />
  ) : (
    <ConfirmOpen ticket={ticket} hasPayPassword={props.hasPayPassword} onPlaced={props.onPlaced} />
  );
}

function ConfirmClose({ ticket, onDone }: { ticket: Ticket; onDone: () => void }) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const body = toCloseBody(ticket);
  const { pause, known } = useFeedPause(ticket.symbol);
  const preview = useHoldingClosePreview(known && !pause ? body : undefined);
  const close = useCloseHolding();
  const attempts = useIdempotentAttempt<typeof body>();
  const data = preview.data;
  const count = body.quantity ?? 0;

  async function submit() {
    if (!data || preview.isError || pause) return;
    const sent = await attempts.send(close.mutateAsync, body);
    if (!sent) return;
    toast(t('trading.closing.done', { count, amount: format.amount(sent.answer.proceeds, data.currency) }));
    onDone();
  }

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
      <OrderPanel
        symbol={ticket.symbol}
        up={ticket.action === 'cover'}
        quote={data}
        note={t('trading.ticket.closeNote')}
      >
        <Row label={t('trading.fields.quantity')}>
          <span data-testid="confirm-quantity">{format.shares(count)}</span>
        </Row>
      </OrderPanel>
      {pause ? (
        <PausedNotice symbol={ticket.symbol} pause={pause} />
      ) : (
        <CloseFigures preview={preview.isError ? undefined : data} problems={errorMessages(preview.error)} />
      )}
      <Button
        block
        type="submit"
        size="large"
        color={ticket.action === 'cover' ? 'success' : 'danger'}
        loading={close.isPending}
        disabled={!data || preview.isError || Boolean(pause)}
      >
        {t(`trading.confirm.${ticket.action === 'cover' ? 'cover' : 'sell'}`, { count })}
      </Button>
    </form>
  );
}

function ConfirmOpen({
  ticket,
  hasPayPassword,
  onPlaced,
}: {
  ticket: Ticket;
  hasPayPassword: boolean;
  onPlaced: (order: Order) => void;
}) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const input = toOrderInput(ticket);
  const { pause, known } = useFeedPause(ticket.symbol);
  const preview = usePreview(known && !pause ? input : undefined);
  const place = usePlaceOrder();
  const attempts = useIdempotentAttempt<PlaceBody>();
  const [payPassword, setPayPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const data = preview.data;
  const block = data?.block ?? isBlock(ticket);
  const payPasswordError =
    block && submitted && !payPasswordPattern.test(payPassword) ? t('validation.passwordLength') : undefined;
  const canPlace = !pause && Boolean(data?.sufficient) && !preview.isError && (!block || hasPayPassword);

  async function submit() {
    setSubmitted(true);
    if (!canPlace || (block && !payPasswordPattern.test(payPassword))) return;
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
      <OrderPanel symbol={ticket.symbol} up={long} quote={data}>
        <Row label={t('trading.fields.type')}>{t(`trading.types.${ticket.kind}`)}</Row>
        <Row label={t('trading.fields.quantity')}>
          <span data-testid="confirm-quantity">{format.shares(Number(ticket.quantity))}</span>
        </Row>
        {priceFieldsOf[ticket.kind].map((field) => (
          <Row key={field} label={t(`trading.fields.${field}`)}>
            {field === 'trailPercent' ? format.percent(ticket.trailPercent) : format.price(ticket[field], data?.market)}
          </Row>
        ))}
        {ticket.stopLoss && (
          <Row label={t('trading.fields.stopLoss')}>{format.price(ticket.stopLoss, data?.market)}</Row>
        )}
        {ticket.takeProfit && (
          <Row label={t('trading.fields.takeProfit')}>{format.price(ticket.takeProfit, data?.market)}</Row>
        )}
        <Row label={t('trading.tif.label')}>{t(`trading.tif.${ticket.timeInForce}`)}</Row>
      </OrderPanel>
      {pause ? (
        <PausedNotice symbol={ticket.symbol} pause={pause} />
      ) : (
        <PreviewFigures preview={preview.isError ? undefined : data} problems={errorMessages(preview.error)} />
      )}
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

/** The order as the ticket made it: its symbol in the side's colour, the session, its rows. */
function OrderPanel({
  symbol,
  up,
  quote,
  note,
  children,
}: {
  symbol: string;
  up: boolean;
  quote: ({ name: string } & Parameters<typeof SessionLine>[0]) | undefined;
  note?: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.panel}>
      <div className={styles.headline}>
        <span className={`${styles.big} ${up ? styles.up : styles.down}`}>{symbol}</span>
        {quote && <span className={styles.caption}>{quote.name}</span>}
      </div>
      {quote && <SessionLine market={quote.market} session={quote.session} />}
      <dl className={styles.rows}>{children}</dl>
      {note && <p className={styles.caption}>{note}</p>}
    </div>
  );
}
