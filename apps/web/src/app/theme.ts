import { useEffect } from 'react';
import { useThemeStore } from '../shared/stores/theme.ts';

const darkQuery = '(prefers-color-scheme: dark)';

/**
 * Applies the chosen theme, following the system while the choice is "system". antd-mobile
 * switches its own palette on the same attribute (styles.css adds the app's colours).
 */
export function useTheme(): void {
  const theme = useThemeStore((state) => state.theme);
  useEffect(() => {
    const media = window.matchMedia(darkQuery);
    const apply = () => {
      const dark = theme === 'dark' || (theme === 'system' && media.matches);
      document.documentElement.setAttribute('data-prefers-color-scheme', dark ? 'dark' : 'light');
      document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#141418' : '#465CFF');
    };
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
}
