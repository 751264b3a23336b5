import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Segments } from '../../../shared/ui/segments.tsx';
import { useOrderEvents } from '../api/order-events.ts';
import { ClosedTab } from './closed-tab.tsx';
import { HistoryTab } from './history-tab.tsx';
import { HoldingsTab } from './holdings-tab.tsx';
import { SubscriptionsTab } from './subscriptions-tab.tsx';
import styles from './trade.module.css';
import tabsStyles from './trade-tabs.module.css';

export const tradeTabs = ['holdings', 'closed', 'subscriptions', 'history'] as const;
export type TradeTab = (typeof tradeTabs)[number];

/** The Trade tab of a member: my holdings (waiting orders on top), my closing positions, my subscriptions, my order history. */
export function TradeTabs({ initial = 'holdings' }: { initial?: TradeTab }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TradeTab>(initial);
  useOrderEvents(true);
  return (
    <div className={styles.tab}>
      <div className={tabsStyles.tabs}>
        <Segments
          label={t('trading.tabsLabel')}
          value={tab}
          onChange={setTab}
          options={tradeTabs.map((value) => ({ value, label: t(`trading.tabs.${value}`) }))}
        />
      </div>
      {tab === 'holdings' && <HoldingsTab />}
      {tab === 'closed' && <ClosedTab />}
      {tab === 'subscriptions' && <SubscriptionsTab />}
      {tab === 'history' && <HistoryTab />}
    </div>
  );
}

/** A guest on the Trade tab: what signing in brings, and the way there. */
export function GuestPrompt({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.tab}>
      <div className={styles.empty} data-testid="trade-guest">
        <h2 className={styles.emptyTitle}>{t('trading.guest.title')}</h2>
        <p>{t('trading.guest.body')}</p>
        <button type="button" className={styles.link} onClick={onSignIn}>
          {t('trading.guest.action')}
        </button>
      </div>
    </div>
  );
}
