import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export const themes = ['system', 'light', 'dark'] as const;
export type Theme = (typeof themes)[number];

type ThemeState = { theme: Theme; setTheme: (theme: Theme) => void };

/** Light or dark; follows the system until the user picks one in settings. */
export const useThemeStore = create<ThemeState>()(
  persist((set) => ({ theme: 'system', setTheme: (theme) => set({ theme }) }), { name: 'soar-theme' }),
);
