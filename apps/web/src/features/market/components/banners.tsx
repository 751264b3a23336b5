import { useTranslation } from 'react-i18next';
import '../market.css';

export const banners = [0, 1, 2] as const;

/** A drawn banner: a gradient and a line chart, localised texts, nothing fetched. */
export function Banner({ index }: { index: number }) {
  const { t } = useTranslation();
  return (
    <div className={`banner banner-${index}`} data-testid="banner">
      <h2 className="banner-title">{t(`marketUi.banners.${index}.title`)}</h2>
      <p className="banner-text">{t(`marketUi.banners.${index}.text`)}</p>
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
