import { useTranslation } from 'react-i18next';
import { currentRedirect } from '../../features/session/session.ts';
import { PlaceholderPage } from '../../shared/ui/placeholder-page.tsx';

/**
 * Also shown at /pages/login/index, where the route guard sends guests. The accounts work builds
 * the form; it calls `completeLogin`, which returns to the redirect kept here.
 */
export function Page() {
  const { t } = useTranslation();
  const redirect = currentRedirect();
  return (
    <PlaceholderPage title="pages.auth.login">
      {redirect && (
        <p className="redirect-note" data-testid="login-redirect">
          {t('shell.login.redirect', { target: redirect })}
        </p>
      )}
    </PlaceholderPage>
  );
}
