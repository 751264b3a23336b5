import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';

/** The back office speaks English and Simplified Chinese; the choice also goes to the server. */
export const adminLanguages = ['en', 'zh-CN'] as const;
export type AdminLanguage = (typeof adminLanguages)[number];
export const catalogs = { en, 'zh-CN': zhCN } as const;

type LanguageState = { language: AdminLanguage; setLanguage(language: AdminLanguage): void };

export const useLanguage = create<LanguageState>()(
  persist(
    (set) => ({
      language: 'en',
      setLanguage: (language) => {
        void i18next.changeLanguage(language);
        document.documentElement.lang = language;
        set({ language });
      },
    }),
    { name: 'soar-admin-language' },
  ),
);

export function initI18n(): void {
  const { language } = useLanguage.getState();
  document.documentElement.lang = language;
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
