import { useTranslation } from 'react-i18next';

/** The selected language as an Intl locale (the language keys are BCP 47 tags); re-renders on change. */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return i18n.language;
}
