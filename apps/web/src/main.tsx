import 'antd-mobile/es/global';
import './shared/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { configureRequestClient } from './app/configure-client.ts';
import { preloadPage } from './app/lazy-page.tsx';
import { queryClient } from './app/query-client.ts';
import { startUp } from './app/start-up.ts';
import { prefetchHome } from './pages/main/home/prefetch.ts';
import { numberFormat } from './shared/format.ts';
import { applyLanguage } from './shared/i18n.ts';
import { useLanguageStore } from './shared/stores/language.ts';

configureRequestClient();
const openingPath = location.hash.replace(/^#/, '').split('?')[0] || '/';
const language = useLanguageStore.getState().language;
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// What the app does before its first render runs in tasks of its own, none in the modules'
// evaluation, so no single task keeps the page from answering for long (docs/performance.md,
// bench:web). First the stored language's catalog and the opening page, which the first render
// needs: it is a transition, rendered in slices that yield to the browser; the first view (or
// nothing) stays on screen until the whole page commits.
setTimeout(() =>
  Promise.all([applyLanguage(language), preloadPage(openingPath)]).finally(() =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  ),
);
// Then the home page's data, the start-up calls (their answers reach the stores before the first
// render reads them) and the browser's number formatting data, whose first use costs some 15 ms.
setTimeout(() => prefetchHome(queryClient, openingPath, language));
setTimeout(startUp);
setTimeout(() => numberFormat(language, {}));
// The service worker registers once the page has loaded and the browser is idle (docs/web.md, Installable app).
addEventListener('load', () =>
  ('requestIdleCallback' in window ? requestIdleCallback : setTimeout)(() =>
    import('./app/installable/register.ts').then((module) => module.registerServiceWorker()),
  ),
);
