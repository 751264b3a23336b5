import { directions, type OrderStatus, type orderHistoryItem, orderStatusList } from '@soar/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { useDebounced } from '../../../shared/use-debounced.ts';
import { type HistoryFilter, useOrderHistory } from '../api/history.ts';
import { kindOf } from '../ticket.ts';
import { useTradeFormat } from '../use-trade-format.ts';
import styles from './history.module.css';
import { OrderSheet } from './order-sheet.tsx';
import trade from './trade.module.css';

type HistoryItem = z.infer<typeof orderHistoryItem>;

const statusClass: Partial<Record<OrderStatus, string>> = { pending: trade.tagWait };

/**
 * Every order of mine, whatever became of it (filled, cancelled, expired, refused, waiting), newest
 * first, with why it got its price, its fee and the money it moved; filtered by status, symbol and
 * the day it was placed.
 */
export function HistoryTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [symbol, setSymbol] = useState('');
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const [open, setOpen] = useState<HistoryItem | null>(null);
  const typedSymbol = useDebounced(symbol.trim().toUpperCase(), 300);
  const backwards = dateFrom !== '' && dateTo !== '' && dateFrom > dateTo;
  const filter: HistoryFilter = {
    ...(status ? { status } : {}),
    ...(typedSymbol ? { symbol: typedSymbol } : {}),
    ...(dateFrom ? { dateFrom } : {}),
    ...(dateTo ? { dateTo } : {}),
  };
  const orders = useOrderHistory(filter, !backwards);
  const filtered = Object.keys(filter).length > 0;

  return (
    <div className={styles.history}>
      <fieldset className={styles.filters} data-testid="history-filters">
        <legend className={styles.legend}>{t('trading.history.filters')}</legend>
        <label className={styles.field}>
          <span>{t('trading.history.status')}</span>
          <select
            value={status}
            data-testid="history-status"
            onChange={(event) => setStatus(event.target.value as OrderStatus | '')}
          >
            <option value="">{t('trading.history.allStatuses')}</option>
            {orderStatusList.map((value) => (
              <option key={value} value={value}>
                {t(`trading.status.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('trading.history.symbol')}</span>
          <input
            value={symbol}
            maxLength={32}
            autoCapitalize="characters"
            placeholder={t('trading.history.symbolHint')}
            data-testid="history-symbol"
            onChange={(event) => setSymbol(event.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span>{t('trading.history.dateFrom')}</span>
          <input
            type="date"
            value={dateFrom}
            data-testid="history-from"
            onChange={(event) => setDateFrom(event.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span>{t('trading.history.dateTo')}</span>
          <input
            type="date"
            value={dateTo}
            aria-invalid={backwards}
            data-testid="history-to"
            onChange={(event) => setDateTo(event.target.value)}
          />
        </label>
        {backwards && (
          <p className={styles.error} role="alert">
            {t('trading.history.range')}
          </p>
        )}
        {filtered && (
          <button
            type="button"
            className={styles.clear}
            onClick={() => {
              setStatus('');
              setSymbol('');
              setDateFrom('');
              setDateTo('');
            }}
          >
            {t('trading.history.clear')}
          </button>
        )}
      </fieldset>
      {!backwards && (
        <PagedList
          query={orders}
          testId="history-list"
          empty={t(filtered ? 'trading.empty.history' : 'trading.empty.historyNone')}
          render={(order) => <HistoryCard order={order} onOpen={() => setOpen(order)} />}
        />
      )}
      {open && <OrderSheet order={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

function HistoryCard({ order, onOpen }: { order: HistoryItem; onOpen: () => void }) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const long = order.direction === directions.buy;
  const review = order.status === 'pending' && order.waitingFor === 'review';
  return (
    <button
      type="button"
      className={trade.card}
      data-testid="history-card"
      data-order={order.id}
      data-status={order.status}
      data-symbol={order.symbol}
      onClick={onOpen}
    >
      <span className={trade.cardHead}>
        <span>
          <span className={`${trade.name} ${styles.block}`}>{order.name}</span>
          <span className={`${trade.sub} ${styles.block}`}>
            {order.symbol} · {t(`trading.types.${kindOf(order)}`)} · {t('trading.fields.orderNo')} {order.id}
          </span>
        </span>
        <span className={trade.tags}>
          <span className={`${trade.tag} ${long ? trade.tagBuy : trade.tagSell}`}>
            {t(`trading.direction.${order.direction}`)}
          </span>
          <span className={`${trade.tag} ${statusClass[order.status] ?? ''}`} data-testid="history-status-tag">
            {t(`trading.status.${review ? 'review' : order.status}`)}
          </span>
        </span>
      </span>
      <span className={styles.figures}>
        <Figure label={t('trading.fields.quantity')}>{format.shares(order.quantity)}</Figure>
        <Figure label={t('trading.fields.filledPrice')}>{format.price(order.fillPrice, order.market)}</Figure>
        <Figure label={t('trading.fields.fee')}>
          {order.fee === null ? '--' : format.amount(order.fee, order.currency)}
        </Figure>
        <Figure label={t('trading.fields.createdAt')}>{format.time(order.createdAt)}</Figure>
        <Figure label={t('trading.history.doneAt')}>{order.doneAt ? format.time(order.doneAt) : '--'}</Figure>
        <Figure label={t('trading.fields.openAmount')}>
          {order.total === null ? '--' : format.amount(order.total, order.currency)}
        </Figure>
      </span>
      {order.fillReason && (
        <span className={`${trade.reason} ${styles.block}`} data-testid="history-fill-reason">
          {order.fillReason.text}
        </span>
      )}
      {order.refuseReason && (
        <span className={`${trade.reason} ${styles.block}`}>
          {t('trading.fields.refuseReason')}: {order.refuseReason}
        </span>
      )}
      <span className={styles.moves} data-testid="history-moves">
        <span className={styles.movesHead}>{t('trading.history.moves')}</span>
        {order.moves.length === 0 && <span className={styles.move}>{t('trading.history.noMoves')}</span>}
        {order.moves.map((move) => (
          <span
            key={`${move.time}:${move.kind}:${move.account}:${move.amount}`}
            className={styles.move}
            data-testid="history-move"
            data-kind={move.kind}
          >
            <span>
              {t(`wallet.txType.${move.kind}`)}
              {move.account === 'frozen' && ` · ${t('wallet.frozen')}`}
            </span>
            <span className={styles.amount}>{format.amount(move.amount, move.currency, { sign: true })}</span>
          </span>
        ))}
      </span>
    </button>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <span className={styles.figure}>
      <span className={styles.figureLabel}>{label}</span>
      <span className={styles.figureValue}>{children}</span>
    </span>
  );
}
