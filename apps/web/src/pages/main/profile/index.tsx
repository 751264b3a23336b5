import { kycStatuses, type UserInfo, vipFeeDiscountPercent } from '@soar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, List, PullToRefresh, Tag } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { profileQueryKey, useProfile } from '../../../features/member/api/profile-query.ts';
import { AccountValue } from '../../../features/portfolio/components/account-value.tsx';
import { useSessionStore } from '../../../features/session/store.ts';
import { confirm, toast } from '../../../shared/feedback.ts';
import { useMoney } from '../../../shared/money-format.ts';
import { useTopic } from '../../../shared/realtime/index.ts';
import { openSupport } from '../../../shared/support.ts';
import '../../../features/member/components/account.css';

const menu = [
  '/pages/deposit/index',
  '/pages/withdraw/crypto',
  '/pages/profile/transfer',
  '/pages/profile/performance',
  '/pages/profile/statements',
  '/pages/profile/alerts',
  '/pages/profile/transcation',
  '/pages/history/record',
  '/pages/card/crypto',
  '/pages/kycverify/index',
  '/pages/borrow/index',
  '/pages/quantify/index',
  '/pages/setting/index',
  '/pages/setting/password',
  '/pages/setting/paypwd',
] as const;

/** The pages' title keys: `/pages/deposit/index` -> `pages.deposit.index`. */
const titleOf = (path: string) => path.slice(1).replaceAll('/', '.');

/** The profile tab: a welcome card for guests; the member's card, balances and account menu. */
export function Page() {
  const { isLogined } = useSessionStore();
  return isLogined ? <MemberProfile /> : <GuestProfile />;
}

function GuestProfile() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="profile-page">
      <h1 className="page-title">{t('pages.main.profile.index')}</h1>
      <section className="account-card welcome-card" data-testid="guest-welcome">
        <h2>{t('account.profile.welcome')}</h2>
        <p>{t('account.profile.welcomeBody')}</p>
        <div className="welcome-actions">
          <Button color="primary" onClick={() => navigate('/pages/auth/login')} data-testid="guest-login">
            {t('pages.auth.login')}
          </Button>
          <Button
            color="primary"
            fill="outline"
            onClick={() => navigate('/pages/auth/register')}
            data-testid="guest-register"
          >
            {t('pages.auth.register')}
          </Button>
        </div>
      </section>
      <Menu paths={['/pages/setting/index']} />
    </div>
  );
}

const kycTags = {
  none: 'default',
  review: 'warning',
  passed: 'success',
  refused: 'danger',
} as const;

function kycOf(status: number | null | undefined): keyof typeof kycTags {
  if (status === kycStatuses.review) return 'review';
  if (status === kycStatuses.passed) return 'passed';
  if (status === kycStatuses.refused) return 'refused';
  return 'none';
}

function MemberProfile() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const stored = useSessionStore((state) => state.userInfo);
  const { data, refetch } = useProfile(true);
  const setUserInfo = useSessionStore((state) => state.setUserInfo);
  // Other pages (settings, pay password) read the stored user info: keep it current.
  useEffect(() => {
    if (!data) return;
    const { balances: _balances, ...userInfo } = data;
    setUserInfo(userInfo);
  }, [data, setUserInfo]);
  const money = useMoney();
  // The server names the member and currency after each committed change; the profile refetches.
  useTopic('balance', () => void queryClient.invalidateQueries({ queryKey: profileQueryKey }));
  // A KYC decision arrives as a notice: the badge follows it without a reload.
  useTopic('notice', () => void queryClient.invalidateQueries({ queryKey: profileQueryKey }));

  const info: Partial<UserInfo> = data ?? (stored as Partial<UserInfo> | undefined) ?? {};
  const balances = data?.balances ?? [];
  const kyc = kycOf(info.kycStatus);
  const contact = info.mail ?? (info.phone ? `+${info.areaCode ?? ''} ${info.phone}` : '');

  const copyUid = async () => {
    if (!info.uid) return;
    await navigator.clipboard?.writeText(info.uid).catch(() => undefined);
    toast(t('account.profile.copied'));
  };

  const askVip = async () => {
    if (info.vip) return;
    const contactSupport = await confirm({
      title: t('account.profile.vipTitle'),
      content: t('account.profile.vipBody'),
      confirmText: t('account.profile.contactSupport'),
    });
    if (contactSupport) openSupport();
  };

  return (
    <PullToRefresh
      onRefresh={async () => {
        await refetch();
      }}
      pullingText={t('account.refresh.pulling')}
      canReleaseText={t('account.refresh.release')}
      refreshingText={t('account.refresh.refreshing')}
      completeText={t('account.refresh.done')}
    >
      <div className="profile-page" data-testid="member-profile">
        <h1 className="page-title">{t('pages.main.profile.index')}</h1>
        <section className="account-card">
          <div className="member-head">
            <div className="member-avatar" aria-hidden>
              {(info.nickname ?? '?').slice(0, 1).toUpperCase()}
            </div>
            <div>
              <h2 className="member-name" data-testid="member-nickname">
                {info.nickname}
              </h2>
              <div className="member-meta">
                <button type="button" className="copy-button" onClick={copyUid} data-testid="member-uid">
                  {t('account.profile.uid', { uid: info.uid ?? '' })}
                  <FileOutline aria-label={t('account.profile.copy')} />
                </button>
                {contact && <span data-testid="member-contact">{contact}</span>}
              </div>
            </div>
          </div>
          <div className="member-badges">
            <button type="button" onClick={() => navigate('/pages/kycverify/index')} data-testid="kyc-badge">
              <Tag color={kycTags[kyc]} fill="outline" round>
                {t(`account.profile.kyc.${kyc}`)}
              </Tag>
            </button>
            <button type="button" onClick={askVip} data-testid="vip-badge">
              <Tag color={info.vip ? 'warning' : 'default'} fill={info.vip ? 'solid' : 'outline'} round>
                {info.vip
                  ? `${t('vip.level', { level: info.vipLevel })} · ${t('vip.discount', { percent: vipFeeDiscountPercent(info.vipLevel ?? 0) })}`
                  : t('account.profile.notVip')}
              </Tag>
            </button>
          </div>
        </section>

        <AccountValue onOpen={() => navigate('/pages/profile/performance')} />

        <section className="account-card" data-testid="balances">
          {balances.length === 0 ? (
            <p className="balance-empty">{t('account.profile.noBalances')}</p>
          ) : (
            <table className="balance-table">
              <thead>
                <tr>
                  <th>{t('fields.currency')}</th>
                  <th>{t('account.profile.available')}</th>
                  <th>{t('account.profile.frozen')}</th>
                </tr>
              </thead>
              <tbody>
                {balances.map((balance) => (
                  <tr key={balance.currency} data-testid={`balance-${balance.currency}`}>
                    <td>{balance.currency}</td>
                    <td>{money.number(balance.available, balance.currency)}</td>
                    <td>{money.number(balance.frozen, balance.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <Menu paths={menu} />
      </div>
    </PullToRefresh>
  );
}

function Menu({ paths }: { paths: readonly string[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="account-section" data-testid="account-menu">
      <List>
        {paths.map((path) => (
          <List.Item key={path} arrow onClick={() => navigate(path)} data-testid={`menu-${titleOf(path)}`}>
            {t(titleOf(path))}
          </List.Item>
        ))}
      </List>
    </section>
  );
}
