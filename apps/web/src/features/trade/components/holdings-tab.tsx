import type { Order } from '@soar/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePausedMarkets } from '../../../shared/quote/paused-markets.ts';
import { useLivePrices } from '../../../shared/quote/use-live-prices.ts';
import { ListState } from '../../../shared/ui/list-state.tsx';
import { useHoldings } from '../api/holdings.ts';
import { usePendingOrders } from '../api/pending.ts';
import { liveFigures, totalsByCurrency } from '../live-pnl.ts';
import { OrderSheet } from './order-sheet.tsx';
import { PendingOrderCard } from './pending-order-card.tsx';
import { PnlSummary } from './pnl-summary.tsx';
import { PositionCard } from './position-card.tsx';
import { PositionSheet } from './position-sheet.tsx';
import styles from './trade.module.css';

/**
 * My holdings: the floating P/L total, my waiting orders, then my open positions, each live with
 * the ticks of its symbol and marked while its market's feed is silent.
 */
export function HoldingsTab() {
  const { t } = useTranslation();
  const holdings = useHoldings();
  const pending = usePendingOrders();
  const positions = holdings.data?.list ?? [];
  const prices = useLivePrices(positions.map((position) => position.symbol));
  const paused = usePausedMarkets(positions);
  const rows = positions.map((position) => ({ position, figures: liveFigures(position, prices[position.symbol]) }));
  const [positionId, setPositionId] = useState<number>();
  const [order, setOrder] = useState<Order>();
  const selected = rows.find((row) => row.position.id === positionId);
  const orders = pending.data?.pages.flatMap((page) => page.list) ?? [];
  const waiting = pending.data?.pages[0]?.total ?? 0;

  return (
    <>
      {rows.length > 0 && <PnlSummary totals={totalsByCurrency(rows)} />}
      {orders.length > 0 && (
        <section className={styles.section} data-testid="pending-orders">
          <h2 className={styles.sectionHead}>
            {t('trading.pending.title')}
            <small>{t('trading.pending.count', { count: waiting })}</small>
          </h2>
          {orders.map((item) => (
            <PendingOrderCard key={item.id} order={item} onOpen={() => setOrder(item)} />
          ))}
          {pending.hasNextPage && (
            <button type="button" className={styles.link} onClick={() => void pending.fetchNextPage()}>
              {t('trading.more')}
            </button>
          )}
        </section>
      )}
      <section className={styles.section} data-testid="positions">
        {rows.length > 0 && (
          <h2 className={styles.sectionHead}>
            {t('trading.tabs.holdings')}
            <small>{t('trading.summary.positions', { count: rows.length })}</small>
          </h2>
        )}
        {rows.map(({ position, figures }) => (
          <PositionCard
            key={position.id}
            position={position}
            figures={figures}
            pause={paused[position.market]}
            onOpen={() => setPositionId(position.id)}
          />
        ))}
        <ListState
          query={holdings}
          isEmpty={rows.length === 0 && orders.length === 0}
          empty={
            <div data-testid="holdings-empty">
              <p>{t('trading.empty.holdings')}</p>
              <Link className={styles.link} to="/pages/main/market/index">
                {t('trading.empty.browse')}
              </Link>
            </div>
          }
        />
      </section>
      {selected && (
        <PositionSheet
          position={selected.position}
          figures={selected.figures}
          pause={paused[selected.position.market]}
          onClose={() => setPositionId(undefined)}
        />
      )}
      {order && <OrderSheet order={order} onClose={() => setOrder(undefined)} />}
    </>
  );
}
