import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './wallet.css';

/** A wallet page: its localised title (the route's `pages.*` key) over its sections. */
export function WalletPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="wallet-page">
      <h1 className="page-title">{t(title)}</h1>
      {children}
    </section>
  );
}

export function Card({ children, title, testId }: { children: ReactNode; title?: string; testId?: string }) {
  return (
    <div className="wallet-card" data-testid={testId}>
      {title && <h2 className="wallet-card-title">{title}</h2>}
      {children}
    </div>
  );
}

/** A short notice: `warning` for what loses money, `info` for timings. */
export function Notice({
  tone = 'info',
  children,
  testId,
}: {
  tone?: 'info' | 'warning';
  children: ReactNode;
  testId?: string;
}) {
  return (
    <p className={`wallet-notice wallet-notice-${tone}`} data-testid={testId}>
      {children}
    </p>
  );
}

/** A label and value on one line, as in a receipt. */
export function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="wallet-row">
      <span className="wallet-row-label">{label}</span>
      <span className="wallet-row-value" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}
