// The baseline of bench:web: an empty React page, built and served like the web app.
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root) createRoot(root).render(createElement(StrictMode, null, createElement('h1', null, 'Soar')));
