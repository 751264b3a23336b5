import { useTranslation } from 'react-i18next';
import { Logo } from '../../../shared/ui/logo.tsx';

/** The home tab (plain layout). The market work fills its grid and sections. */
export function Page() {
  const { t } = useTranslation();
  return (
    <>
      <header className="home-hero">
        <Logo size={36} />
        <p className="placeholder-text">{t('shell.home.tagline')}</p>
      </header>
      <section className="placeholder">
        <h1 className="page-title">{t('pages.main.home.index')}</h1>
        <div className="placeholder-body">
          <p className="placeholder-heading">{t('shell.comingSoon')}</p>
          <p className="placeholder-text">{t('shell.home.sections')}</p>
        </div>
      </section>
    </>
  );
}
