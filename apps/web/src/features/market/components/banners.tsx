import { useTranslation } from 'react-i18next';
import styles from '../market.module.css';

/** A banner operators keep (`GET banner/list`): its texts and which drawn background (0 to 2). */
export type BannerContent = { title: string; text: string; style: number };

/**
 * A drawn banner: a gradient and a line chart. With `banner` it shows an operator's banner; without,
 * the catalog's first one, which the page shows while the list loads (the seeded banner 0).
 */
export function Banner({ index, banner }: { index: number; banner?: BannerContent }) {
  const { t } = useTranslation();
  const style = banner ? banner.style : index;
  return (
    <div
      className={`${styles.banner} ${[styles.banner0, styles.banner1, styles.banner2][style] ?? styles.banner0}`}
      data-testid="banner"
    >
      <h2 className={styles.bannerTitle}>{banner ? banner.title : t(`marketUi.banners.${index}.title`)}</h2>
      <p className={styles.bannerText}>{banner ? banner.text : t(`marketUi.banners.${index}.text`)}</p>
      <svg width="140" height="100" viewBox="0 0 140 100" aria-hidden>
        <path
          d="M0 90 L25 70 L45 78 L70 45 L95 55 L120 20 L140 28"
          fill="none"
          stroke="#fff"
          strokeWidth="8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </div>
  );
}
