import 'antd-mobile/es/global';
import './shared/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { configureRequestClient } from './app/configure-client.ts';
import { preloadPage } from './app/lazy-page.tsx';
import { queryClient } from './app/query-client.ts';
import { prefetchHome } from './pages/main/home/prefetch.ts';
import { applyLanguage } from './shared/i18n.ts';
import { useLanguageStore } from './shared/stores/language.ts';

configureRequestClient();
// The page the app opens on and its data load together with the catalogs (docs/performance.md, bench:web).
const openingPath = location.hash.replace(/^#/, '').split('?')[0] || '/';
prefetchHome(queryClient, openingPath, useLanguageStore.getState().language);
// The stored language shows from the first paint; start-up applies it again after loading the list.
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// A transition renders in slices that yield to the browser, not one long task: the first view
// (or nothing) stays on screen until the whole page commits (docs/performance.md, bench:web).
void Promise.all([applyLanguage(useLanguageStore.getState().language), preloadPage(openingPath)]).finally(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
