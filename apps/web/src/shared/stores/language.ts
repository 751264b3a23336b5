import type { Language } from '@soar/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { defaultLanguage } from '../constants.ts';
import { applyLanguage } from '../i18n.ts';

type LanguageState = {
  /** The selected language key, sent with every request as `x-soar-lang`. */
  language: string;
  /** The languages of `GET language/list`, for the picker. */
  languages: Language[];
  setLanguage: (language: string) => void;
  setLanguages: (languages: Language[]) => void;
};

export const useLanguageStore = create<LanguageState>()(
  persist(
    (set) => ({
      // Until the reader picks one: the language the server drew the page in (its cookie, else
      // English), so the first view and the app agree (docs/web.md, First view).
      language: document.documentElement.lang || defaultLanguage,
      languages: [],
      setLanguage: (language) => {
        set({ language });
        void applyLanguage(language);
      },
      setLanguages: (languages) => set({ languages }),
    }),
    { name: 'soar-language', partialize: ({ language }) => ({ language }) },
  ),
);
