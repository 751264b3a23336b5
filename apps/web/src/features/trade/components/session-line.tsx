import { type MarketStatus, sessionStates } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format.ts';
import styles from './trade.module.css';

type Session = Pick<MarketStatus, 'state' | 'alwaysOpen' | 'nextOpen' | 'nextClose' | 'timezone'>;

/** The market's session: open (and when it closes), on a break or closed (and when it opens), in the viewer's time. */
export function SessionLine({ market, session }: { market: string; session: Session | undefined }) {
  const { t, i18n } = useTranslation();
  if (!session) return null;
  const when = (iso: string | null) => (iso ? formatDate(iso, i18n.language, 'dateTime') : '--');
  const dot =
    session.state === sessionStates.open
      ? styles.dotOpen
      : session.state === sessionStates.break
        ? styles.dotBreak
        : '';
  const text =
    session.state === sessionStates.open
      ? t('trading.session.open', { market })
      : t(`trading.session.${session.state}`, { market, time: when(session.nextOpen) });
  return (
    <p className={`${styles.session} ${styles.caption}`} data-testid="session-line" data-state={session.state}>
      <span className={`${styles.dot} ${dot}`} aria-hidden />
      <span>
        {text}
        {session.state === sessionStates.open &&
          (session.alwaysOpen
            ? ` · ${t('trading.session.alwaysOpen')}`
            : session.nextClose && ` · ${t('trading.session.closesAt', { time: when(session.nextClose) })}`)}
      </span>
    </p>
  );
}
