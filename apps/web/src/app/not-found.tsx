import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PlainLayout } from './layouts/plain-layout.tsx';

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PlainLayout>
      <section className="not-found" data-testid="not-found">
        <p className="not-found-code" aria-hidden>
          404
        </p>
        <h1 className="page-title">{t('shell.notFound.title')}</h1>
        <p className="placeholder-text">{t('shell.notFound.body')}</p>
        <button type="button" className="button-primary" onClick={() => navigate('/', { replace: true })}>
          {t('shell.notFound.home')}
        </button>
      </section>
    </PlainLayout>
  );
}
