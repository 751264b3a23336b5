import { List } from 'antd-mobile';
import { BankcardOutline, EditSOutline, FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UsdtIcon } from '../../features/wallet/components/usdt-icon.tsx';
import { Notice, WalletPage } from '../../features/wallet/components/wallet-page.tsx';

/** docs/product.md section 9: bank (fiat) or crypto (USDT on ERC-20 and TRC-20); review takes up to 5 minutes. */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <WalletPage title="pages.deposit.index">
      <Notice>{t('wallet.reviewTime')}</Notice>
      <List mode="card" header={t('wallet.chooseMethod')}>
        <List.Item
          prefix={<BankcardOutline className="wallet-list-icon" />}
          description={t('wallet.bankDescription')}
          onClick={() => navigate('/pages/deposit/card')}
        >
          {t('wallet.bank')}
        </List.Item>
        <List.Item
          prefix={<UsdtIcon />}
          description={t('wallet.cryptoDescription')}
          onClick={() => navigate('/pages/deposit/wallet?network=TRC20')}
        >
          {t('wallet.crypto')}
        </List.Item>
        <List.Item
          prefix={<EditSOutline className="wallet-list-icon" />}
          onClick={() => navigate('/pages/deposit/custom')}
        >
          {t('pages.deposit.custom')}
        </List.Item>
        <List.Item
          prefix={<FileOutline className="wallet-list-icon" />}
          onClick={() => navigate('/pages/deposit/record')}
        >
          {t('pages.deposit.record')}
        </List.Item>
      </List>
    </WalletPage>
  );
}
