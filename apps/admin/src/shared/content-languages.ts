import { languageKeys } from '@soar/contract';

/** The member app's seven languages: news, banners and announcements are written in English and translated into the rest. */
export const contentLanguages = languageKeys.map((key) => ({
  key,
  label: {
    en: 'English',
    de: 'Deutsch',
    es: 'Español',
    fr: 'Français',
    it: 'Italiano',
    ja: '日本語',
    'zh-CN': '简体中文',
  }[key],
}));

/** Drops translations left empty: only English is required, the others are optional. */
export function filledTranslations<T extends Record<string, string | undefined>>(
  translations: Record<string, T | undefined>,
): Record<string, T> {
  return Object.fromEntries(
    Object.entries(translations).filter(
      ([key, value]) => key === 'en' || (value && Object.values(value).some((text) => text && text.trim() !== '')),
    ),
  ) as Record<string, T>;
}
