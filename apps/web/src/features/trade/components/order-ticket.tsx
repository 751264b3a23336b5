import { type Direction, directions, type Position, timeInForceList } from '@soar/contract';
import { Button } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarketStatus } from '../../../shared/quote/market-status.ts';
import { Sheet } from '../../../shared/ui/sheet.tsx';
import { useDebounced } from '../../../shared/use-debounced.ts';
import { useHoldingClosePreview } from '../api/close-holding.ts';
import { useHoldings } from '../api/holdings.ts';
import { errorMessages, usePreview } from '../api/preview.ts';
import {
  actionsFor,
  closedHolding,
  defaultAction,
  isBlock,
  isClosing,
  newTicket,
  type PriceField,
  priceFieldsOf,
  type Ticket,
  type TicketAction,
  type TicketProblem,
  ticketKinds,
  ticketProblems,
  ticketQuery,
  toCloseBody,
  toOrderInput,
  withAction,
} from '../ticket.ts';
import { useTradeFormat } from '../use-trade-format.ts';
import { CloseFigures } from './close-figures.tsx';
import { LotStepper } from './lot-stepper.tsx';
import { PausedNotice, useFeedPause } from './paused-notice.tsx';
import { PreviewFigures } from './preview-figures.tsx';
import { PriceInput } from './price-input.tsx';
import { SessionLine } from './session-line.tsx';
import styles from './trade.module.css';

export type TicketInstrument = {
  symbol: string;
  name: string;
  market: string;
  price: string;
  lotSize: number;
  /** The quote's feed state when the ticket opened (docs/market.md, Stale feeds); the live quote follows. */
  stale?: boolean;
  lastMessageAt?: string | null;
};

/** What the member holds of a symbol, long and short. */
export function heldOf(list: Position[] | undefined, symbol: string) {
  const held = { long: 0, short: 0 };
  for (const position of list ?? []) {
    if (position.symbol !== symbol) continue;
    if (position.direction === directions.buy) held.long += position.quantity;
    else held.short += position.quantity;
  }
  return held;
}

const shortExplained = 'soar.shortExplained';

/** The title of an order as the ticket and the confirmation name it: Buy, Sell, Sell short, Buy to cover, Block order. */
export function useTicketTitle() {
  const { t } = useTranslation();
  return (ticket: Pick<Ticket, 'action' | 'quantity' | 'symbol'>) =>
    isBlock(ticket)
      ? t('trading.ticket.blockTitle', { symbol: ticket.symbol })
      : t('trading.ticket.title', { side: t(`trading.actions.${ticket.action}`), symbol: ticket.symbol });
}

/**
 * The order ticket of a stock. Buy opens or adds to a long; on a symbol held long, Sell closes
 * the holding (oldest position first) and opening a short is the separate, explained Sell short;
 * on a symbol held short, Buy to cover buys it back (docs/trading.md, Selling what you hold).
 * Nothing typed is rewritten: a field that is not an order says why, and Review waits for it.
 * While the market's feed is silent the ticket says orders are paused and asks for no preview (the
 * server would refuse it with QUOTE_STALE); the live quote lifts it.
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
  const format = useTradeFormat();
  const title = useTicketTitle();
  const { lotSize: lot, market, symbol } = instrument;
  const holdings = useHoldings();
  const held = heldOf(holdings.data?.list, symbol);
  const [ticket, setTicket] = useState<Ticket>(() => newTicket(symbol, defaultAction(direction, held), lot));
  const chosen = useRef(false);
  const session = useMarketStatus(market);
  const { pause } = useFeedPause(symbol, instrument);
  const paused = pause !== undefined;
  // The holdings may arrive after the ticket opens: until the member picks, the tap's meaning follows them.
  const defaulted = defaultAction(direction, held);
  useEffect(() => {
    if (!chosen.current) setTicket((current) => withAction(current, defaulted));
  }, [defaulted]);

  const closing = isClosing(ticket.action);
  const heldNow = closing ? (closedHolding[ticket.action] === directions.buy ? held.long : held.short) : undefined;
  const settled = useDebounced(ticket, 300);
  const settledReady = !paused && ticketProblems(settled, lot, undefined, heldNow).length === 0;
  const preview = usePreview(settledReady && !isClosing(settled.action) ? toOrderInput(settled) : undefined);
  const closePreview = useHoldingClosePreview(
    settledReady && isClosing(settled.action) ? toCloseBody(settled) : undefined,
  );
  // The side checks need the estimated fill price, which only the preview knows.
  const problems = ticketProblems(ticket, lot, preview.data?.price, heldNow);
  const textOf = (problem: TicketProblem) => t(problem.key, problem.params);
  const errorOf = (field: string) => {
    const problem = problems.find((item) => item.field === field);
    return problem && textOf(problem);
  };
  const set = <K extends keyof Ticket>(field: K, value: Ticket[K]) =>
    setTicket((current) => ({ ...current, [field]: value }));
  const answer = closing ? closePreview : preview;
  const serverProblems = settledReady && answer.isError ? errorMessages(answer.error) : [];
  const figuresReady = closing ? Boolean(closePreview.data) : Boolean(preview.data?.sufficient);
  // Opening a short is explained once, before the first one can be reviewed.
  const [explained, setExplained] = useState(() => localStorage.getItem(shortExplained) === '1');
  const mustExplain = ticket.action === 'short' && !explained;
  const canReview = !paused && problems.length === 0 && serverProblems.length === 0 && figuresReady && !mustExplain;

  function choose(action: TicketAction) {
    chosen.current = true;
    setTicket((current) => withAction(current, action));
  }

  return (
    <Sheet open onClose={onClose} title={title(ticket)} testId="order-ticket">
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canReview) onReview(ticketQuery(ticket));
        }}
      >
        <div className={styles.actions} data-testid="ticket-actions">
          {actionsFor(held).map((action) => (
            <button
              key={action}
              type="button"
              className={`${styles.side} ${action === 'buy' || action === 'cover' ? styles.sideBuy : styles.sideSell}`}
              aria-pressed={ticket.action === action}
              onClick={() => choose(action)}
            >
              {t(`trading.actions.${action}`)}
            </button>
          ))}
        </div>
        <SessionLine market={market} session={session} />
        {pause && <PausedNotice symbol={symbol} pause={pause} />}
        {mustExplain && (
          <section className={styles.explain} data-testid="short-explain">
            <h3 className={styles.sectionHead}>{t('trading.short.title')}</h3>
            <p>{t('trading.short.explain')}</p>
            <Button
              size="small"
              color="primary"
              fill="outline"
              onClick={() => {
                localStorage.setItem(shortExplained, '1');
                setExplained(true);
              }}
            >
              {t('trading.short.understand')}
            </Button>
          </section>
        )}
        {!closing && (
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
        )}
        <div className={styles.field}>
          <span className={styles.label}>
            {t('trading.ticket.quantity')} · {t('trading.ticket.lot', { lot })}
          </span>
          <LotStepper
            name="quantity"
            label={t('trading.ticket.quantity')}
            value={ticket.quantity}
            lot={lot}
            max={heldNow}
            onChange={(quantity) => set('quantity', quantity)}
            invalid={Boolean(errorOf('quantity'))}
          />
          {errorOf('quantity') && (
            <p className={styles.error} role="alert" data-testid="quantity-error">
              {errorOf('quantity')}
            </p>
          )}
          {closing && heldNow !== undefined && (
            <div className={styles.heldLine}>
              <span className={styles.caption} data-testid="ticket-held">
                {t('trading.ticket.held', { count: heldNow, shares: format.shares(heldNow) })}
              </span>
              <button type="button" className={styles.chip} onClick={() => set('quantity', String(heldNow))}>
                {t('trading.ticket.all')}
              </button>
            </div>
          )}
          {isBlock(ticket) && <p className={styles.notice}>{t('trading.ticket.blockNote')}</p>}
        </div>
        {!closing && priceFieldsOf[ticket.kind].length > 0 && (
          <>
            <div className={styles.fieldPair}>
              {priceFieldsOf[ticket.kind].map((field: PriceField) => (
                <PriceInput
                  key={field}
                  label={t(`trading.fields.${field}`)}
                  name={field}
                  value={ticket[field]}
                  placeholder={field === 'trailPercent' ? '%' : t('trading.ticket.pricePlaceholder')}
                  error={errorOf(field)}
                  onChange={(value) => set(field, value)}
                />
              ))}
            </div>
            <p className={styles.caption} data-testid="ticket-last">
              {t('trading.ticket.lastPrice', { price: format.price(instrument.price, market) })}
            </p>
          </>
        )}
        {closing && <p className={styles.caption}>{t('trading.ticket.closeNote')}</p>}
        {!closing && ticket.kind === 'market' && <p className={styles.caption}>{t('trading.ticket.marketNote')}</p>}
        {!closing && (
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
        )}
        {!closing && (
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
        )}
        {ticket.action === 'short' && !paused && preview.data?.stopOutPrice && (
          <p className={styles.notice} data-testid="short-note">
            {t('trading.ticket.shortNote', {
              collateral: format.amount(preview.data.fundsNeeded, preview.data.currency),
              price: format.price(preview.data.stopOutPrice, market),
              ratio: format.percent(String(Number(preview.data.stopOutRatio) * 100)),
            })}
          </p>
        )}
        {paused ? null : closing ? (
          <CloseFigures
            preview={settledReady && !closePreview.isError ? closePreview.data : undefined}
            problems={serverProblems}
            loading={closePreview.isFetching}
          />
        ) : (
          <PreviewFigures
            preview={settledReady && !preview.isError ? preview.data : undefined}
            problems={serverProblems}
            loading={preview.isFetching}
          />
        )}
        <Button
          block
          type="submit"
          size="large"
          disabled={!canReview}
          color={ticket.direction === directions.buy ? 'success' : 'danger'}
        >
          {t('trading.ticket.review')}
        </Button>
      </form>
    </Sheet>
  );
}
