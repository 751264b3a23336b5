import { deviceOf } from '@soar/client';
import { useQueryClient } from '@tanstack/react-query';
import { Button, List, Selector, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logoutRequest } from '../../features/member/api/auth.ts';
import { usePasskeys } from '../../features/member/api/passkeys.ts';
import {
  type LoginAttempt,
  revokeAllSessions,
  revokeSession,
  useSessions,
} from '../../features/member/api/sessions.ts';
import { MailPhraseSettings, SignOutOthers } from '../../features/member/components/sign-in-security.tsx';
import { TwoStepSettings } from '../../features/member/components/two-step-settings.tsx';
import { logout } from '../../features/session/session.ts';
import { useSessionStore } from '../../features/session/store.ts';
import { confirm, toast } from '../../shared/feedback.ts';
import { formatDate } from '../../shared/format.ts';
import { useLanguageStore } from '../../shared/stores/language.ts';
import { type Theme, themes, useThemeStore } from '../../shared/stores/theme.ts';
import '../../features/member/components/account.css';

/** Settings: language and theme for everyone; passwords, devices and logout for members. */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { theme, setTheme } = useThemeStore();
  const { language, languages, setLanguage } = useLanguageStore();
  const isLogined = useSessionStore((state) => state.isLogined);
  return (
    <div className="settings-page">
      <section className="placeholder">
        <h1 className="page-title">{t('pages.setting.index')}</h1>
      </section>
      <section className="settings-section" data-testid="language-setting">
        <h2>{t('shell.tools.language')}</h2>
        <Selector<string>
          columns={2}
          value={[language]}
          options={languages.map((item) => ({ value: item.key, label: item.label }))}
          onChange={([value]) => value && setLanguage(value)}
        />
      </section>
      <section className="settings-section" data-testid="theme-setting">
        <h2>{t('shell.theme.title')}</h2>
        <Selector<Theme>
          columns={3}
          value={[theme]}
          options={themes.map((value) => ({ value, label: t(`shell.theme.${value}`) }))}
          onChange={([value]) => value && setTheme(value)}
        />
      </section>
      {isLogined ? (
        <MemberSettings />
      ) : (
        <div className="settings-actions">
          <Button block color="primary" onClick={() => navigate('/pages/auth/login')} data-testid="settings-login">
            {t('pages.auth.login')}
          </Button>
        </div>
      )}
    </div>
  );
}

const attemptColors: Record<LoginAttempt['result'], 'success' | 'danger' | 'warning'> = {
  success: 'success',
  failed: 'danger',
  lockout: 'danger',
  locked: 'warning',
};

function MemberSettings() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasPayPassword = useSessionStore((state) => state.userInfo?.hasPayPassword === true);
  const { data, refetch } = useSessions(true);
  const passkeys = usePasskeys().data?.passkeys;
  const locale = i18n.language;

  const signOut = async () => {
    if (!(await confirm({ title: t('account.settings.logout'), content: t('account.settings.logoutConfirm') }))) return;
    await logoutRequest().catch(() => undefined);
    queryClient.removeQueries({ queryKey: ['member'] });
    logout();
  };

  const revoke = async (id: number) => {
    if (!(await confirm({ content: t('account.settings.revokeConfirm') }))) return;
    const done = await revokeSession(id).then(
      () => true,
      () => false,
    );
    if (!done) return;
    toast(t('account.settings.revoked'));
    await refetch();
  };

  const revokeAll = async () => {
    if (!(await confirm({ title: t('account.settings.logoutAll'), content: t('account.settings.logoutAllConfirm') })))
      return;
    await revokeAllSessions().catch(() => undefined);
    queryClient.removeQueries({ queryKey: ['member'] });
    logout();
  };

  return (
    <>
      <section className="account-section" data-testid="password-settings">
        <List>
          <List.Item arrow onClick={() => navigate('/pages/setting/password')} data-testid="to-password">
            {t('pages.setting.password')}
          </List.Item>
          <List.Item
            arrow
            onClick={() => navigate('/pages/setting/passkeys')}
            extra={
              <span data-testid="passkeys-count">{passkeys ? passkeys.length || t('account.passkeys.none') : ''}</span>
            }
            data-testid="to-passkeys"
          >
            {t('pages.setting.passkeys')}
          </List.Item>
          <List.Item
            arrow
            onClick={() => navigate('/pages/setting/paypwd')}
            extra={
              <span data-testid="paypwd-state">
                {t(hasPayPassword ? 'account.settings.paypwdSet' : 'account.settings.paypwdNotSet')}
              </span>
            }
            data-testid="to-paypwd"
          >
            {t('pages.setting.paypwd')}
          </List.Item>
        </List>
      </section>

      <TwoStepSettings />

      <MailPhraseSettings />

      <section className="account-section" data-testid="notification-settings-link">
        <List>
          <List.Item
            arrow
            description={t('notifications.openHint')}
            onClick={() => navigate('/pages/setting/notifications')}
            data-testid="to-notifications"
          >
            {t('notifications.open')}
          </List.Item>
        </List>
      </section>

      <section className="account-section" data-testid="devices">
        <h2 className="section-title">{t('account.settings.devices')}</h2>
        <List>
          {(data?.sessions ?? []).map((session) => (
            <List.Item
              key={session.id}
              description={
                <span className="session-meta">
                  {session.ip} · {t('account.settings.lastSeen', { time: formatDate(session.lastSeenAt, locale) })}
                </span>
              }
              extra={
                session.current ? (
                  <Tag color="primary" fill="outline">
                    {t('account.settings.thisDevice')}
                  </Tag>
                ) : (
                  <Button size="mini" color="danger" fill="outline" onClick={() => revoke(session.id)}>
                    {t('account.settings.revoke')}
                  </Button>
                )
              }
              data-testid={session.current ? 'session-current' : 'session-other'}
            >
              {deviceOf(session.userAgent)}
            </List.Item>
          ))}
        </List>
        <div className="settings-actions">
          <SignOutOthers onDone={refetch} />
          <Button block size="small" color="danger" fill="outline" onClick={revokeAll} data-testid="logout-all">
            {t('account.settings.logoutAll')}
          </Button>
        </div>
      </section>

      <section className="account-section" data-testid="attempts">
        <h2 className="section-title">{t('account.settings.attempts')}</h2>
        {data && data.attempts.length === 0 ? (
          <p className="account-lead" data-testid="attempts-empty">
            {t('account.settings.attemptsEmpty')}
          </p>
        ) : (
          <List>
            {(data?.attempts ?? []).slice(0, 10).map((attempt) => (
              <List.Item
                key={`${attempt.time}-${attempt.ip}`}
                description={
                  <span className="session-meta">
                    {attempt.ip} · {deviceOf(attempt.userAgent)}
                  </span>
                }
                extra={
                  <Tag color={attemptColors[attempt.result]} fill="outline">
                    {t(`account.settings.result.${attempt.result}`)}
                  </Tag>
                }
              >
                {formatDate(attempt.time, locale)}
              </List.Item>
            ))}
          </List>
        )}
      </section>

      <div className="settings-actions">
        <Button block color="danger" onClick={signOut} data-testid="logout">
          {t('account.settings.logout')}
        </Button>
      </div>
    </>
  );
}
