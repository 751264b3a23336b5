// The offline page (apps/web/offline.html): its texts in the reader's language, the stored theme,
// and back to the app as soon as the network returns.
import './offline.css';
import type { Catalog } from '@soar/i18n';

const catalogs = import.meta.glob<Catalog>('../../../../packages/i18n/src/locales/installable/*.json', {
  eager: true,
  import: 'default',
});

/** A value the app's persisted stores keep in localStorage (`{ state: { ... } }`). */
function stored(store: string, field: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(store) ?? 'null')?.state?.[field];
  } catch {
    return undefined;
  }
}

function text(catalog: Catalog, key: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

const language = stored('soar-language', 'language');
const catalog = Object.entries(catalogs).find(([path]) => path.endsWith(`/${String(language)}.json`))?.[1];
if (catalog && typeof language === 'string') {
  document.documentElement.lang = language;
  for (const element of document.querySelectorAll<HTMLElement>('[data-text]')) {
    const translated = text(catalog, element.dataset.text ?? '');
    if (translated) element.textContent = translated;
  }
}

const theme = stored('soar-theme', 'theme');
const dark = theme === 'dark' || (theme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
document.documentElement.setAttribute('data-prefers-color-scheme', dark ? 'dark' : 'light');

// The address the member asked for is this page's own: reloading it tries the network again.
const retry = () => location.reload();
document.querySelector('.offline-retry')?.addEventListener('click', retry);
addEventListener('online', retry);
