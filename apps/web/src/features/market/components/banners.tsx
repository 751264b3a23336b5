import { useTranslation } from 'react-i18next';
import { FallbackMark } from '../../../shared/ui/fallback-mark.tsx';

/** A banner operators keep (`GET banner/list`): its texts and which drawn background (0 to 2). */
export type BannerContent = { title: string; text: string; style: number; language?: string; fallback?: boolean };

/**
 * A drawn banner (global classes: the server draws the first one into index.html the same way,
 * apps/server/src/plugins/first-view.ts): a gradient and a line chart. With `banner` it shows an operator's banner; without,
 * the catalog's first one, which the page shows while the list loads (the seeded banner 0).
 */
export function Banner({ index, banner }: { index: number; banner?: BannerContent }) {
  const { t } = useTranslation();
  const style = banner ? banner.style : index;
  return (
    <div className={`banner banner-${style >= 0 && style <= 2 ? style : 0}`} data-testid="banner">
      <h2 className="banner-title" lang={banner?.language}>
        {banner ? banner.title : t(`marketUi.banners.${index}.title`)}
      </h2>
      <p className="banner-text">
        <span lang={banner?.language}>{banner ? banner.text : t(`marketUi.banners.${index}.text`)}</span>
        <FallbackMark fallback={banner?.fallback ?? false} />
      </p>
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
