import type { Catalog } from '@soar/i18n';
import { defaultLanguage } from '../../shared/constants.ts';
import { i18n } from '../../shared/i18n.ts';
import styles from './update-prompt.module.css';

const catalogs = import.meta.glob<Catalog>('../../../../../packages/i18n/src/locales/installable/*.json', {
  import: 'default',
});
const loaded = new Set<string>();

/** The prompt's texts load with it, not at start (shared/i18n.ts): English and the language shown. */
async function loadTexts(language: string): Promise<void> {
  const missing = [defaultLanguage, language].filter((lang) => !loaded.has(lang));
  await Promise.all(
    missing.map(async (lang) => {
      const load = Object.entries(catalogs).find(([path]) => path.endsWith(`/${lang}.json`))?.[1];
      if (!load) return;
      i18n.addResourceBundle(lang, 'translation', await load(), true, true);
      loaded.add(lang);
    }),
  );
}

let shown: HTMLElement | undefined;

/**
 * "A new version of Soar is available" above the tab bar, with Reload (runs `reload`) and Later
 * (hides it; the new version then starts with the next visit). Plain DOM like the toasts
 * (shared/feedback.ts): it lives outside the pages and follows the language picked.
 */
export async function showUpdatePrompt(reload: () => void): Promise<void> {
  await loadTexts(i18n.language);
  if (shown?.isConnected) return;
  const prompt = element('div', styles.prompt);
  prompt.setAttribute('role', 'status');
  prompt.dataset.testid = 'update-prompt';
  const message = element('p', styles.message);
  const later = button(styles.later, () => {
    prompt.remove();
    i18n.off('languageChanged', follow);
  });
  const accept = button(styles.reload, () => {
    accept.disabled = true;
    reload();
  });
  accept.dataset.testid = 'update-reload';
  const render = () => {
    message.textContent = i18n.t('installable.update.message');
    later.textContent = i18n.t('installable.update.later');
    accept.textContent = i18n.t('installable.update.reload');
  };
  const follow = (language: string) => void loadTexts(language).then(render);
  i18n.on('languageChanged', follow);
  render();
  const actions = element('div', styles.actions);
  actions.append(later, accept);
  prompt.append(message, actions);
  document.body.append(prompt);
  shown = prompt;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className = ''): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  created.className = className;
  return created;
}

function button(className: string | undefined, onClick: () => void): HTMLButtonElement {
  const created = element('button', className);
  created.type = 'button';
  created.addEventListener('click', onClick);
  return created;
}
