import { ClockCircleOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A page whose feature is not built yet: its localised title and an honest note that it is
 * coming, no sample data. Later work replaces the page file.
 */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="placeholder">
      <h1 className="page-title">{t(title)}</h1>
      <div className="placeholder-body">
        <ClockCircleOutline className="placeholder-icon" aria-hidden />
        <p className="placeholder-heading">{t('shell.comingSoon')}</p>
        <p className="placeholder-text">{t('shell.comingSoonBody')}</p>
        {children}
      </div>
    </section>
  );
}
