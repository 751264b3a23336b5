import { CheckCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import styles from '../identity.module.css';

/** A document drawn for the product: a card with a portrait and lines of text. */
function Card({ glare, hand }: { glare?: boolean; hand?: boolean }) {
  return (
    <svg viewBox="0 0 120 80" className={styles.example} aria-hidden>
      <rect x="4" y="6" width="112" height="68" rx="8" fill="var(--kyc-card, #dfe9f7)" stroke="#7a96c2" />
      <rect x="12" y="16" width="30" height="38" rx="4" fill="#9fb4d6" />
      <circle cx="27" cy="30" r="8" fill="#f3f6fb" />
      <path d="M15 52c2-9 22-9 24 0" fill="#f3f6fb" />
      {[18, 28, 38, 48].map((y) => (
        <rect key={y} x="50" y={y} width={y === 48 ? 40 : 58} height="5" rx="2.5" fill="#7a96c2" />
      ))}
      <rect x="12" y="60" width="96" height="6" rx="3" fill="#b9c9e3" />
      {glare && <ellipse cx="78" cy="34" rx="26" ry="14" fill="#ffffff" opacity="0.85" />}
      {hand && <path d="M0 80 L0 46 Q18 40 30 54 L46 50 Q52 52 46 58 L30 66 L22 80 Z" fill="#e0a47e" />}
    </svg>
  );
}

/** the product's (docs/product.md) photo rules beside example pictures: a good photo and what is refused. */
export function PhotoGuidance() {
  const { t } = useTranslation();
  const bad = [
    { key: 'cover', picture: <Card glare /> },
    { key: 'hand', picture: <Card hand /> },
  ];
  return (
    <section className={styles.guidance} data-testid="kyc-guidance">
      <h3>{t('kyc.guidance.title')}</h3>
      <div className={styles.examples}>
        <figure>
          <Card />
          <figcaption>
            <CheckCircleFill className={styles.good} /> {t('kyc.guidance.good')}
          </figcaption>
        </figure>
        {bad.map((item) => (
          <figure key={item.key}>
            {item.picture}
            <figcaption>
              <CloseCircleFill className={styles.bad} /> {t('kyc.guidance.bad')}
            </figcaption>
          </figure>
        ))}
      </div>
      <ul>
        {(['valid', 'cover', 'background', 'hand'] as const).map((rule) => (
          <li key={rule}>{t(`kyc.guidance.${rule}`)}</li>
        ))}
      </ul>
    </section>
  );
}
