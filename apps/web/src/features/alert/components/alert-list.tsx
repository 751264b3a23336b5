import { type AlertView, alertStatuses, maxActiveAlerts } from '@soar/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../shared/ui/list-state.tsx';
import { useAlerts } from '../api.ts';
import styles from './alert.module.css';
import { AlertCard } from './alert-card.tsx';
import { AlertSheet } from './alert-sheet.tsx';

/** All my alerts, newest first: how many are active of the most there can be, each card, and changing one in the sheet. */
export function AlertList({ onOpenQuote }: { onOpenQuote: (symbol: string) => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [editing, setEditing] = useState<AlertView>();
  const list = alerts.data ?? [];
  const active = list.filter((alert) => alert.status === alertStatuses.active).length;
  return (
    <section className={styles.list} data-testid="alert-list">
      {alerts.isSuccess && list.length > 0 && (
        <p className={styles.count} data-testid="alert-count">
          {t('alert.active', { count: active, max: maxActiveAlerts })}
        </p>
      )}
      {list.map((alert) => (
        <AlertCard key={alert.id} alert={alert} onEdit={setEditing} onOpenQuote={onOpenQuote} />
      ))}
      <ListState query={alerts} isEmpty={list.length === 0} empty={<p>{t('alert.empty')}</p>} />
      {editing && <AlertSheet symbol={editing.symbol} editing={editing} onClose={() => setEditing(undefined)} />}
    </section>
  );
}
