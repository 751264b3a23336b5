import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from './wallet-page.tsx';

/** The pay password field of a form that lets money leave, or the way to set one first. */
export function PayPasswordItem({ hasPayPassword }: { hasPayPassword: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="payPassword" label={t('account.paypwd.password')} required>
      {hasPayPassword ? (
        <Input type="password" maxLength={16} autoComplete="off" placeholder={t('account.paypwd.placeholder')} />
      ) : (
        <Notice tone="warning" testId="no-pay-password">
          {t('wallet.noPayPassword')}{' '}
          <Link className="wallet-link" to="/pages/setting/paypwd">
            {t('account.paypwd.setNow')}
          </Link>
        </Notice>
      )}
    </Form.Item>
  );
}
