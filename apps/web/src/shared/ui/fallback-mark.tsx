import { useTranslation } from 'react-i18next';

/**
 * Marks operator text shown in English because it is not written in the reader's language
 * (`fallback` of banners, IPO descriptions and loan product names; docs/web.md). The server draws
 * the same markup into the first view's banners (apps/server/src/plugins/first-view.ts).
 */
export function FallbackMark({ fallback }: { fallback: boolean }) {
  const { t } = useTranslation();
  if (!fallback) return null;
  return (
    <span className="fallback-mark" title={t('shell.inEnglishHint')} data-testid="fallback-mark">
      {t('shell.inEnglish')}
    </span>
  );
}
