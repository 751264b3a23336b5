import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './page-frame.module.css';

/**
 * A product page: its localised title (the route's `pages.*` key, or `heading` when the page names
 * what it shows, as an order's confirmation does), a subtitle, links beside it, sections.
 */
export function PageFrame({
  title,
  heading,
  subtitle,
  links,
  children,
}: {
  title: string;
  heading?: string;
  subtitle?: ReactNode;
  links?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className={styles.page}>
      <div className={styles.head}>
        <div>
          <h1 className="page-title">{heading ?? t(title)}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        {links && <div className={styles.links}>{links}</div>}
      </div>
      {children}
    </section>
  );
}

/** A link in a page's head. */
export const pageLinkClass = styles.link;
