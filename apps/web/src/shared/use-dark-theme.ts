import { useSyncExternalStore } from 'react';

// The app's theme (app/theme.ts) lands on this attribute; charts draw on canvas and cannot use CSS variables.
const attribute = 'data-prefers-color-scheme';

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [attribute] });
  return () => observer.disconnect();
}

export const useDarkTheme = () =>
  useSyncExternalStore(subscribe, () => document.documentElement.getAttribute(attribute) === 'dark');
