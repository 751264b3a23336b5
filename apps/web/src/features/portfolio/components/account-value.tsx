import { Picker } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../shared/format.ts';
import { useMoney } from '../../../shared/money-format.ts';
import { usePageActive } from '../../../shared/page.ts';
import { useLivePrices } from '../../../shared/quote/use-live-prices.ts';
import { useAppStore } from '../../../shared/stores/app.ts';
import { useAccountValue } from '../api/account.ts';
import { usePortfolioCurrency } from '../currency.ts';
import { liveAccount } from '../live-account.ts';
import styles from './account-value.module.css';

const signClass = (value: string | null) =>
  value === null || new Decimal(value).isZero() ? '' : new Decimal(value).isPositive() ? styles.up : styles.down;

/**
 * The member's account value in their chosen currency (docs/product.md, Account value): total
 * assets, net assets beside loans, today's P/L and buying power, live with the quotes of what they
 * hold; the parts under it say what the total is made of.
 */
export function AccountValue({ onOpen }: { onOpen?: () => void }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const currencies = useAppStore((state) => state.currencies);
  const { currency, setCurrency } = usePortfolioCurrency();
  const [picking, setPicking] = useState(false);
  const active = usePageActive();
  const { data } = useAccountValue(currency, active);
  const prices = useLivePrices(data?.list.map((position) => position.symbol) ?? []);
  const live = data ? liveAccount(data, prices) : undefined;
  const shown = (value: string | null | undefined, options: { sign?: boolean } = {}) =>
    value === null || value === undefined ? '--' : money.amount(value, currency, options);
  const percent = data?.todayPnlPercent ? ` (${formatPercent(data.todayPnlPercent, i18n.language)})` : '';

  return (
    <section className={styles.card} data-testid="account-value">
      <div className={styles.head}>
        <span>{t('portfolio.account.totalAssets')}</span>
        <button
          type="button"
          className={styles.currency}
          onClick={() => setPicking(true)}
          aria-label={t('portfolio.account.pickCurrency')}
          data-testid="currency-picker"
        >
          {currency}
          <DownOutline />
        </button>
      </div>
      <p className={styles.total} data-testid="balance-total">
        {shown(live?.totalAssets)}
      </p>
      <dl className={styles.grid}>
        <div>
          <dt>{t('portfolio.account.netAssets')}</dt>
          <dd data-testid="net-assets">{shown(live?.netAssets)}</dd>
        </div>
        <div>
          <dt>{t('portfolio.account.loans')}</dt>
          <dd data-testid="loans">{shown(data?.loans)}</dd>
        </div>
        <div>
          <dt>{t('portfolio.account.todayPnl')}</dt>
          <dd className={signClass(live?.todayPnl ?? null)} data-testid="today-pnl">
            {shown(live?.todayPnl, { sign: true })}
            {percent}
          </dd>
        </div>
        <div>
          <dt>{t('portfolio.account.buyingPower')}</dt>
          <dd data-testid="buying-power">{shown(data?.buyingPower)}</dd>
        </div>
      </dl>
      <p className={styles.parts} data-testid="account-parts">
        <span>
          {t('portfolio.account.cash')} {shown(data?.cash)}
        </span>
        <span>
          {t('portfolio.account.positions')} {shown(live?.positions)}
        </span>
        {data && data.funds !== '0' && (
          <span>
            {t('portfolio.account.funds')} {shown(data.funds)}
          </span>
        )}
        {data && data.ipoEscrow !== '0' && (
          <span>
            {t('portfolio.account.ipoEscrow')} {shown(data.ipoEscrow)}
          </span>
        )}
      </p>
      {onOpen && (
        <button type="button" className={styles.link} onClick={onOpen} data-testid="open-performance">
          {t('portfolio.performance.open')}
        </button>
      )}
      <Picker
        visible={picking && active}
        onClose={() => setPicking(false)}
        value={[currency]}
        columns={[currencies.map((item) => ({ value: item.code, label: `${item.code} · ${item.name}` }))]}
        onConfirm={([value]) => value && setCurrency(String(value))}
        confirmText={t('shell.confirm')}
        cancelText={t('shell.cancel')}
      />
    </section>
  );
}
