import { type Direction, directions, timeInForceList } from '@soar/contract';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarketStatus } from '../../../shared/quote/market-status.ts';
import { Sheet } from '../../../shared/ui/sheet.tsx';
import { errorMessages, usePreview } from '../api/preview.ts';
import {
  isBlock,
  newTicket,
  type PriceField,
  priceFieldsOf,
  type Ticket,
  ticketKinds,
  ticketProblems,
  ticketQuery,
  toOrderInput,
} from '../ticket.ts';
import { useDebounced } from '../use-debounced.ts';
import { LotStepper } from './lot-stepper.tsx';
import { PreviewFigures } from './preview-figures.tsx';
import { PriceInput } from './price-input.tsx';
import { SessionLine } from './session-line.tsx';
import styles from './trade.module.css';

export type TicketInstrument = { symbol: string; name: string; market: string; price: string; lotSize: number };

/**
 * The order ticket of a stock: buy or sell, the order type, the quantity in board lots, the
 * prices the type takes, stop loss and take profit, time in force, the market's session and the
 * live preview. Review goes to the confirmation page with the ticket.
 */
export function OrderTicket({
  instrument,
  direction,
  onClose,
  onReview,
}: {
  instrument: TicketInstrument;
  direction: Direction;
  onClose: () => void;
  /** The confirmation page's query of the ticket. */
  onReview: (query: string) => void;
}) {
  const { t } = useTranslation();
  const { lotSize: lot, market } = instrument;
  const [ticket, setTicket] = useState<Ticket>(() => newTicket(instrument.symbol, direction, lot));
  const [submitted, setSubmitted] = useState(false);
  const session = useMarketStatus(market);
  useEffect(() => setTicket((current) => ({ ...current, direction })), [direction]);

  const formProblems = ticketProblems(ticket, lot);
  const settled = useDebounced(ticket, 300);
  const ready = ticketProblems(settled, lot).length === 0;
  const preview = usePreview(ready ? toOrderInput(settled) : undefined);
  // The side checks need the estimated fill price, which only the preview knows.
  const problems = ticketProblems(ticket, lot, preview.data?.price);
  const errorOf = (field: string) => {
    const problem = problems.find((item) => item.field === field);
    if (!problem || (!submitted && !(field === 'stopLoss' || field === 'takeProfit'))) return undefined;
    return 'lot' in problem ? t(problem.key, { lot: problem.lot }) : t(problem.key);
  };
  const set = <K extends keyof Ticket>(field: K, value: Ticket[K]) =>
    setTicket((current) => ({ ...current, [field]: value }));
  const serverProblems = ready && preview.isError ? errorMessages(preview.error) : [];

  function review() {
    setSubmitted(true);
    if (problems.length > 0 || formProblems.length > 0) return;
    onReview(ticketQuery(ticket));
  }

  const sideLabel = t(`trading.side.${ticket.direction}`);
  return (
    <Sheet
      open
      onClose={onClose}
      title={t('trading.ticket.title', { side: sideLabel, symbol: instrument.symbol })}
      testId="order-ticket"
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
      >
        <div className={styles.sides}>
          {[directions.buy, directions.sell].map((side) => (
            <button
              key={side}
              type="button"
              className={`${styles.side} ${side === directions.buy ? styles.sideBuy : styles.sideSell}`}
              aria-pressed={ticket.direction === side}
              onClick={() => set('direction', side)}
            >
              {t(`trading.side.${side}`)}
            </button>
          ))}
        </div>
        <SessionLine market={market} session={session} />
        <fieldset className={styles.field} style={{ border: 0, margin: 0, padding: 0 }}>
          <legend className={styles.label}>{t('trading.ticket.type')}</legend>
          <div className={styles.chips} data-testid="ticket-types">
            {ticketKinds.map((kind) => (
              <button
                key={kind}
                type="button"
                className={styles.chip}
                aria-pressed={ticket.kind === kind}
                onClick={() => set('kind', kind)}
              >
                {t(`trading.types.${kind}`)}
              </button>
            ))}
          </div>
        </fieldset>
        <div className={styles.field}>
          <span className={styles.label}>
            {t('trading.ticket.quantity')} · {t('trading.ticket.lot', { lot })}
          </span>
          <LotStepper
            name="quantity"
            label={t('trading.ticket.quantity')}
            value={ticket.quantity}
            lot={lot}
            onChange={(quantity) => set('quantity', quantity)}
            invalid={Boolean(errorOf('quantity'))}
          />
          {errorOf('quantity') && <p className={styles.error}>{errorOf('quantity')}</p>}
          {isBlock(ticket.quantity) && <p className={styles.notice}>{t('trading.ticket.blockNote')}</p>}
        </div>
        {priceFieldsOf[ticket.kind].length > 0 && (
          <div className={styles.fieldPair}>
            {priceFieldsOf[ticket.kind].map((field: PriceField) => (
              <PriceInput
                key={field}
                label={t(`trading.fields.${field}`)}
                name={field}
                value={ticket[field]}
                placeholder={field === 'trailPercent' ? '%' : instrument.price}
                error={errorOf(field)}
                onChange={(value) => set(field, value)}
              />
            ))}
          </div>
        )}
        {ticket.kind === 'market' && <p className={styles.caption}>{t('trading.ticket.marketNote')}</p>}
        <div className={styles.field}>
          <span className={styles.label}>{t('trading.ticket.protect')}</span>
          <div className={styles.fieldPair}>
            <PriceInput
              label={t('trading.fields.stopLoss')}
              name="stopLoss"
              value={ticket.stopLoss}
              placeholder={t('trading.ticket.optional')}
              error={errorOf('stopLoss')}
              onChange={(value) => set('stopLoss', value)}
            />
            <PriceInput
              label={t('trading.fields.takeProfit')}
              name="takeProfit"
              value={ticket.takeProfit}
              placeholder={t('trading.ticket.optional')}
              error={errorOf('takeProfit')}
              onChange={(value) => set('takeProfit', value)}
            />
          </div>
        </div>
        <div className={styles.field}>
          <span className={styles.label}>{t('trading.tif.label')}</span>
          <div className={styles.chips}>
            {timeInForceList.map((value) => (
              <button
                key={value}
                type="button"
                className={styles.chip}
                aria-pressed={ticket.timeInForce === value}
                onClick={() => set('timeInForce', value)}
              >
                {t(`trading.tif.${value}`)}
              </button>
            ))}
          </div>
        </div>
        <PreviewFigures
          preview={ready && !preview.isError ? preview.data : undefined}
          problems={serverProblems}
          loading={preview.isFetching}
        />
        <Button block type="submit" size="large" color={ticket.direction === directions.buy ? 'success' : 'danger'}>
          {t('trading.ticket.review')}
        </Button>
      </form>
    </Sheet>
  );
}
