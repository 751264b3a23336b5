import { RequestError } from '@soar/client';
import { Button, ErrorBlock, Result } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { revokeByLink } from '../../features/member/api/sign-in.ts';
import { formatDate } from '../../shared/format.ts';
import type { PageProps } from '../../shared/page.ts';
import '../../features/member/components/account.css';
import '../../features/member/components/sign-in-security.css';

type Outcome =
  | { state: 'working' }
  | { state: 'done'; device: string; createdAt: string }
  | { state: 'refused'; message: string };

/** The sign-out link of a new-sign-in mail (docs/identity.md): ends that session, once, signed in or not. */
export function Page({ query }: PageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const token = query.token ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    revokeByLink(token).then(
      (answer) => setOutcome({ state: 'done', ...answer }),
      (error: unknown) =>
        setOutcome({ state: 'refused', message: error instanceof RequestError ? error.message : String(error) }),
    );
  }, [token]);

  const toLogin = (
    <Button block color="primary" onClick={() => navigate('/pages/auth/login')} data-testid="revoke-link-login">
      {t('account.signIn.rLogin')}
    </Button>
  );
  if (!token)
    return (
      <div className="settings-page" data-testid="revoke-link-page">
        <section className="placeholder">
          <h1 className="page-title">{t('account.signIn.rTitle')}</h1>
        </section>
        <ErrorBlock status="default" title={t('account.signIn.rMissing')} description="" />
      </div>
    );
  return (
    <div className="settings-page" data-testid="revoke-link-page">
      <section className="placeholder">
        <h1 className="page-title">{t('account.signIn.rTitle')}</h1>
      </section>
      <section className="account-section sign-out-link">
        {outcome.state === 'working' && <p className="account-lead">{t('account.signIn.rWorking')}</p>}
        {outcome.state === 'done' && (
          <Result
            status="success"
            title={t('account.signIn.rDone', {
              device: outcome.device,
              time: formatDate(outcome.createdAt, i18n.language),
            })}
            description={t('account.signIn.rAdvice')}
            data-testid="revoke-link-done"
          />
        )}
        {outcome.state === 'refused' && (
          <Result status="error" title={outcome.message} data-testid="revoke-link-refused" />
        )}
        {outcome.state !== 'working' && <div className="settings-actions">{toLogin}</div>}
      </section>
    </div>
  );
}
