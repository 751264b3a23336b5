import { Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../shared/stores/language.ts';
import { type Theme, themes, useThemeStore } from '../../shared/stores/theme.ts';

/** Settings: appearance and language. The accounts work adds the password pages' entries. */
export function Page() {
  const { t } = useTranslation();
  const { theme, setTheme } = useThemeStore();
  const { language, languages, setLanguage } = useLanguageStore();
  return (
    <>
      <section className="placeholder">
        <h1 className="page-title">{t('pages.setting.index')}</h1>
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
      <section className="settings-section">
        <h2>{t('shell.tools.language')}</h2>
        <Selector<string>
          columns={2}
          value={[language]}
          options={languages.map((item) => ({ value: item.key, label: item.label }))}
          onChange={([value]) => value && setLanguage(value)}
        />
      </section>
    </>
  );
}
