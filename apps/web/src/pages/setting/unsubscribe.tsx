import { RequestError } from '@soar/client';
import type { NotificationKind } from '@soar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Result } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notificationSettingsQuery, unsubscribeByLink } from '../../features/notification/api.ts';
import type { PageProps } from '../../shared/page.ts';
import '../../features/member/components/account.css';
import '../../features/member/components/sign-in-security.css';

type Outcome = { state: 'working' } | { state: 'done'; kind: NotificationKind } | { state: 'refused'; message: string };

/** The unsubscribe link of a notification mail (docs/api.md, Notifications): email off for its kind, signed in or not. */
export function Page({ query }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const token = query.token ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    unsubscribeByLink(token).then(
      (answer) => {
        setOutcome({ state: 'done', kind: answer.kind });
        // A settings page seen before in this tab must not show email still on.
        void client.invalidateQueries({ queryKey: notificationSettingsQuery().queryKey });
      },
      (error: unknown) =>
        setOutcome({ state: 'refused', message: error instanceof RequestError ? error.message : String(error) }),
    );
  }, [token, client]);

  return (
    <div className="settings-page" data-testid="unsubscribe-page">
      <section className="placeholder">
        <h1 className="page-title">{t('notifications.unsubscribe.title')}</h1>
      </section>
      {!token ? (
        <ErrorBlock status="default" title={t('notifications.unsubscribe.missing')} description="" />
      ) : (
        <section className="account-section sign-out-link">
          {outcome.state === 'working' && <p className="account-lead">{t('notifications.unsubscribe.working')}</p>}
          {outcome.state === 'done' && (
            <Result
              status="success"
              title={t('notifications.unsubscribe.done', { kind: t(`notifications.kinds.${outcome.kind}`) })}
              description={t('notifications.unsubscribe.hint')}
              data-testid="unsubscribe-done"
            />
          )}
          {outcome.state === 'refused' && (
            <Result status="error" title={outcome.message} data-testid="unsubscribe-refused" />
          )}
          {outcome.state !== 'working' && (
            <div className="settings-actions">
              <Button
                block
                color="primary"
                onClick={() => navigate('/pages/setting/notifications')}
                data-testid="unsubscribe-settings"
              >
                {t('notifications.unsubscribe.settings')}
              </Button>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
