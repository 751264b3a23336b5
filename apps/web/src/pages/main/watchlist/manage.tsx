import type { Quote } from '@soar/contract';
import { Checkbox } from 'antd-mobile';
import { AddOutline, DownOutline, UnorderedListOutline, UpOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListState } from '../../../features/market/components/list-state.tsx';
import { moveTo, useDragOrder } from '../../../features/market/components/use-drag-order.ts';
import styles from '../../../features/market/market.module.css';
import { confirm, toast } from '../../../shared/feedback.ts';
import { useRemoveFromWatchlist, useSortWatchlist, useWatchlist } from '../../../shared/quote/watchlist.ts';

/** Reorder (drag, or the arrows), remove several at once, add by search. */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useWatchlist();
  const sort = useSortWatchlist();
  const remove = useRemoveFromWatchlist();
  const [order, setOrder] = useState<string[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const bySymbol = useMemo(() => new Map((list.data ?? []).map((quote) => [quote.symbol, quote])), [list.data]);

  useEffect(() => {
    if (list.data) setOrder(list.data.map((quote) => quote.symbol));
  }, [list.data]);

  const save = (next: string[]) => {
    setOrder(next);
    if (next.length) sort.mutate(next);
  };
  const { dragging, handleProps } = useDragOrder(order, setOrder, save);

  const toggle = (symbol: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(symbol);
      else next.delete(symbol);
      return next;
    });

  const removeSelected = async () => {
    const symbols = order.filter((symbol) => selected.has(symbol));
    if (!symbols.length) return;
    const ok = await confirm({ content: t('marketUi.watch.confirmRemove', { count: symbols.length }) });
    if (!ok) return;
    await remove.mutateAsync(symbols);
    setSelected(new Set());
    toast(t('marketUi.watch.removed'));
  };

  const allSelected = order.length > 0 && order.every((symbol) => selected.has(symbol));

  return (
    <div className={styles.page}>
      <h1 className="page-title">{t('pages.main.watchlist.manage')}</h1>
      <ListState
        loading={list.isPending}
        error={list.isError}
        empty={list.data?.length === 0}
        emptyText={t('marketUi.watch.empty')}
        onRetry={() => void list.refetch()}
      />
      {order.length > 0 && (
        <>
          <p className={styles.hint}>{t('marketUi.watch.dragHint')}</p>
          <ul className={`${styles.quoteList} ${styles.card}`} data-testid="manage-list">
            {order.map((symbol, index) => {
              const quote = bySymbol.get(symbol);
              if (!quote) return null;
              const isDragging = dragging?.key === symbol;
              return (
                <ManageRow
                  key={symbol}
                  quote={quote}
                  checked={selected.has(symbol)}
                  onCheck={(on) => toggle(symbol, on)}
                  first={index === 0}
                  last={index === order.length - 1}
                  onMove={(step) => save(moveTo(order, symbol, index + step))}
                  handle={handleProps(symbol)}
                  style={isDragging ? { transform: `translateY(${dragging.offset}px)` } : undefined}
                  dragging={isDragging}
                />
              );
            })}
          </ul>
          <div className={styles.manageBar}>
            <Checkbox
              checked={allSelected}
              indeterminate={selected.size > 0 && !allSelected}
              onChange={(on) => setSelected(on ? new Set(order) : new Set())}
              data-testid="manage-select-all"
            >
              {t('marketUi.watch.selectAll')}
            </Checkbox>
            <button
              type="button"
              className="button-primary"
              data-testid="manage-remove"
              disabled={selected.size === 0 || remove.isPending}
              onClick={() => void removeSelected()}
            >
              {t('marketUi.watch.remove', { count: selected.size })}
            </button>
          </div>
        </>
      )}
      <button
        type="button"
        className={styles.linkButton}
        data-testid="manage-add"
        onClick={() => navigate('/pages/search/index')}
      >
        <AddOutline aria-hidden /> {t('marketUi.watch.add')}
      </button>
    </div>
  );
}

type HandleProps = ReturnType<ReturnType<typeof useDragOrder>['handleProps']>;

function ManageRow({
  quote,
  checked,
  onCheck,
  first,
  last,
  onMove,
  handle,
  style,
  dragging,
}: {
  quote: Quote;
  checked: boolean;
  onCheck: (on: boolean) => void;
  first: boolean;
  last: boolean;
  onMove: (step: number) => void;
  handle: HandleProps;
  style?: React.CSSProperties;
  dragging: boolean;
}) {
  const { t } = useTranslation();
  return (
    <li
      className={`${styles.manageRow} ${dragging ? styles.dragging : ''}`}
      style={style}
      data-testid="manage-row"
      data-symbol={quote.symbol}
    >
      <Checkbox checked={checked} onChange={onCheck} aria-label={quote.symbol} data-testid={`check-${quote.symbol}`} />
      <span className={styles.quoteNames}>
        <span className={styles.quoteName}>{quote.name}</span>
        <span className={styles.quoteSymbol} data-testid="quote-symbol">
          {quote.symbol}
        </span>
      </span>
      <button
        type="button"
        className={styles.moveButton}
        aria-label={t('marketUi.watch.moveUp', { symbol: quote.symbol })}
        disabled={first}
        onClick={() => onMove(-1)}
      >
        <UpOutline />
      </button>
      <button
        type="button"
        className={styles.moveButton}
        aria-label={t('marketUi.watch.moveDown', { symbol: quote.symbol })}
        disabled={last}
        onClick={() => onMove(1)}
      >
        <DownOutline />
      </button>
      <span
        className={styles.dragHandle}
        role="img"
        aria-label={t('marketUi.watch.drag', { symbol: quote.symbol })}
        data-testid={`drag-${quote.symbol}`}
        {...handle}
      >
        <UnorderedListOutline />
      </span>
    </li>
  );
}
