import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import card from '../../../shared/ui/product-card.module.css';
import { kycPath } from '../paths.ts';
import styles from './loan.module.css';

/** `users.kycStatus` of a passed verification (docs/product.md section 4: KYC 1 pass). */
const kycPassed = 1;

/** Loans need a verified identity (the operators' setting): a link to verify, unless done. */
export function KycNotice({ kycStatus }: { kycStatus: unknown }) {
  const { t } = useTranslation();
  if (kycStatus === kycPassed) return null;
  return (
    <p className={`${card.notice} ${card.noticeWarning}`} data-testid="loan-kyc-notice">
      {t('loan.kycNotice')}{' '}
      <Link className={styles.link} to={kycPath}>
        {t('loan.kycLink')}
      </Link>
    </p>
  );
}
