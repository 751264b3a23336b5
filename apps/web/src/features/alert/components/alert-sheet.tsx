import { type AlertView, alertStatuses, type Position } from '@soar/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuoteDetail } from '../../../shared/quote/quote-detail.ts';
import { ListState } from '../../../shared/ui/list-state.tsx';
import { Sheet } from '../../../shared/ui/sheet.tsx';
import { useAlerts } from '../api.ts';
import styles from './alert.module.css';
import { AlertCard } from './alert-card.tsx';
import { AlertForm } from './alert-form.tsx';

export type AlertSheetProps = {
  symbol: string;
  /** The alerts of one of my open positions (its kinds), rather than of the quote. */
  position?: Position;
  /** An alert to change (the alerts page): the sheet shows its form only. */
  editing?: AlertView;
  onClose: () => void;
};

/**
 * The alert sheet of a quote or a position: a new alert (or a change to one), and the alerts set
 * on it that have not ended, each with its switch and Delete. The quote is read live, so the
 * price now and the level follow the ticks.
 */
export function AlertSheet({ symbol, position, editing, onClose }: AlertSheetProps) {
  const { t } = useTranslation();
  const quote = useQuoteDetail(symbol);
  const alerts = useAlerts(symbol, !editing);
  const [changing, setChanging] = useState<AlertView | undefined>(editing);
  const currency = position?.currency ?? quote.data?.currency ?? editing?.currency ?? '';
  const shown = (alerts.data ?? []).filter(
    (alert) => alert.status !== alertStatuses.ended && (position ? alert.positionId === position.id : true),
  );
  return (
    <Sheet open onClose={onClose} title={editing ? t('alert.edit') : t('alert.bell', { symbol })} testId="alert-sheet">
      <div className={styles.page}>
        <AlertForm
          // A new form for each alert changed, so its fields start from that alert.
          key={changing?.id ?? 'new'}
          symbol={symbol}
          currency={currency}
          quote={quote.data}
          position={position}
          editing={changing}
          onSaved={() => {
            if (editing) onClose();
            else setChanging(undefined);
          }}
          onCancel={changing && !editing ? () => setChanging(undefined) : undefined}
        />
        {!editing && (
          <section className={styles.section} aria-label={t('alert.title')} data-testid="alert-sheet-list">
            {shown.length > 0 && <h3 className={styles.sectionHead}>{t('alert.title')}</h3>}
            <div className={styles.list}>
              {shown.map((alert) => (
                <AlertCard key={alert.id} alert={alert} framed onEdit={setChanging} />
              ))}
            </div>
            {(alerts.isPending || alerts.isError) && (
              <ListState query={alerts} isEmpty={shown.length === 0} empty={null} />
            )}
          </section>
        )}
      </div>
    </Sheet>
  );
}
