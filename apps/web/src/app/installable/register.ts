import { registerSW } from 'virtual:pwa-register';

/** An open app asks this often whether a new version was released; the browser asks on each visit. */
const updateCheckInterval = 60 * 60 * 1000;

/**
 * Registers the service worker (docs/web.md, "Installable app"). A new version waits until the
 * member accepts the prompt; then it takes over and the page reloads once.
 */
export function registerServiceWorker(): void {
  const update = registerSW({
    immediate: true,
    // The plugin reloads only a page that was already controlled when it loaded; `accept` below
    // reloads on the first visit too.
    onNeedReload: () => undefined,
    onNeedRefresh: () => void import('./update-prompt.ts').then(({ showUpdatePrompt }) => showUpdatePrompt(accept)),
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), updateCheckInterval);
    },
  });
  const accept = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
    void update();
  };
}
