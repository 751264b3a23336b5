import { type AlertView, alertStatuses, valuelessAlertKinds } from '@soar/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, toast } from '../../../shared/feedback.ts';
import { formatNumber } from '../../../shared/format.ts';
import card from '../../../shared/ui/product-card.module.css';
import { Switch } from '../../../shared/ui/switch.tsx';
import { useDeleteAlert, useUpdateAlert } from '../api.ts';
import { useAlertFormat } from '../use-alert-format.ts';
import styles from './alert.module.css';

const statusTone = {
  active: card.tagSuccess,
  paused: card.tagWarning,
  ended: '',
} as const;

/** "hour", "4 hours": the choices' own words; any other cool-down (set through the API) in minutes. */
export function useCooldownText() {
  const { t, i18n } = useTranslation();
  return (minutes: number) =>
    t(`alert.cooldowns.${minutes}`, {
      defaultValue: formatNumber(minutes, i18n.language, 0, { style: 'unit', unit: 'minute', unitDisplay: 'long' }),
    });
}

/**
 * One alert: what it watches, where it stands, the level it fires at now, how often it fired and
 * when last; the switch (Active) pauses it or arms it again, Delete asks first. `onEdit` changes it,
 * `onOpenQuote` leads to its quote (the alerts page; the quote's own sheet has no need).
 */
export function AlertCard({
  alert,
  framed = false,
  onEdit,
  onOpenQuote,
}: {
  alert: AlertView;
  framed?: boolean;
  onEdit?: (alert: AlertView) => void;
  onOpenQuote?: (symbol: string) => void;
}) {
  const { t } = useTranslation();
  const format = useAlertFormat();
  const cooldown = useCooldownText();
  const update = useUpdateAlert();
  const remove = useDeleteAlert();
  const switchLabel = useId();
  const active = alert.status === alertStatuses.active;
  const ended = alert.status === alertStatuses.ended;
  // A 52-week alert's level is one unit past the year's extreme: the description says it better.
  const showLevel = alert.level !== null && !valuelessAlertKinds.includes(alert.kind);

  async function toggle(on: boolean) {
    await update.mutateAsync({ id: alert.id, active: on }).catch(() => undefined);
  }

  async function askDelete() {
    const sure = await confirm({ content: t('alert.confirmDelete'), confirmText: t('alert.delete') });
    if (!sure) return;
    try {
      await remove.mutateAsync(alert.id);
    } catch {
      return;
    }
    toast(t('alert.deleted'));
  }

  return (
    <article
      className={`${card.card} ${framed ? styles.framed : ''}`}
      data-testid="alert-card"
      data-status={alert.status}
      aria-label={format.describe(alert)}
    >
      <div className={card.cardHead}>
        <div>
          <p className={styles.description}>{format.describe(alert)}</p>
          <p className={card.sub}>{alert.name}</p>
        </div>
        <span className={`${card.tag} ${statusTone[alert.status]}`} data-testid="alert-status">
          {ended && alert.endedBy ? t(`alert.endedBy.${alert.endedBy}`) : t(`alert.status.${alert.status}`)}
        </span>
      </div>
      <ul className={styles.facts}>
        {showLevel && alert.level && (
          <li className={styles.firesAt} data-testid="alert-level">
            {t('alert.firesAt', { level: format.price(alert.level, alert.currency) })}
          </li>
        )}
        <li>
          {alert.repeat
            ? `${t('alert.repeat')} · ${t('alert.cooldown')} ${cooldown(alert.cooldownMinutes)}`
            : t('alert.once')}
        </li>
        {alert.firedCount > 0 && (
          <li data-testid="alert-fired">{t('alert.firedCount', { count: alert.firedCount })}</li>
        )}
        {alert.lastFiredAt && <li>{t('alert.lastFired', { time: format.time(alert.lastFiredAt) })}</li>}
      </ul>
      <div className={styles.controls}>
        <span className={styles.toggle}>
          <Switch
            checked={active}
            loading={update.isPending}
            onChange={(on) => void toggle(on)}
            aria-labelledby={switchLabel}
          />
          <span id={switchLabel}>{t('fields.active')}</span>
        </span>
        {onEdit && !ended && (
          <button type="button" className={styles.action} onClick={() => onEdit(alert)}>
            {t('alert.edit')}
          </button>
        )}
        {onOpenQuote && (
          <button type="button" className={styles.action} onClick={() => onOpenQuote(alert.symbol)}>
            {t('alert.open')}
          </button>
        )}
        <button
          type="button"
          className={`${styles.action} ${styles.danger}`}
          disabled={remove.isPending}
          onClick={() => void askDelete()}
        >
          {t('alert.delete')}
        </button>
      </div>
    </article>
  );
}
