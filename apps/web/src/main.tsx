import 'antd-mobile/es/global';
import './shared/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { configureRequestClient } from './app/configure-client.ts';
import { applyLanguage } from './shared/i18n.ts';
import { useLanguageStore } from './shared/stores/language.ts';

configureRequestClient();
// The stored language shows from the first paint; start-up applies it again after loading the list.
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void applyLanguage(useLanguageStore.getState().language).finally(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
