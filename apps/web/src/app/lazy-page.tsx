import { Component, type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { pageLoadingDelay, pageLoadTimeout } from '../shared/constants.ts';
import type { PageProps } from '../shared/page.ts';
import { Spinner } from '../shared/ui/spinner.tsx';
import { type RouteEntry, routes } from './routes.ts';

const pages = new Map<RouteEntry, LazyExoticComponent<ComponentType<PageProps>>>();
/**
 * Pages whose module has arrived. Such a page renders at once: a lazy component suspends on its
 * first render even when its module is there, and React holds a revealed boundary back for up to
 * 300 ms after its fallback showed (docs/performance.md, bench:web).
 */
const loadedPages = new Map<RouteEntry, ComponentType<PageProps>>();

/** docs/product.md section 9: a page that has not loaded within 60,000 ms counts as failed. */
function loadPage(entry: RouteEntry) {
  return new Promise<{ default: ComponentType<PageProps> }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`page load timeout: ${entry.path}`)), pageLoadTimeout);
    entry.load().then(
      (module) => {
        clearTimeout(timer);
        loadedPages.set(entry, module.Page);
        resolve({ default: module.Page });
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function pageOf(entry: RouteEntry) {
  let page = pages.get(entry);
  if (!page) {
    page = lazy(() => loadPage(entry));
    pages.set(entry, page);
  }
  return page;
}

/**
 * Starts loading the page of the path the app opens on, while the catalogs load: it then renders
 * with the first paint instead of after a round of suspense.
 */
export function preloadPage(path: string): Promise<void> {
  const entry = routes.find((route) => route.path === path || route.aliases?.includes(path));
  if (!entry || loadedPages.has(entry)) return Promise.resolve();
  return loadPage(entry).then(
    () => undefined,
    () => undefined,
  );
}

/** The route's page, loaded on first use; the spinner waits 200 ms before it shows. */
export function LazyPage({ entry, query }: { entry: RouteEntry; query: Record<string, string> }) {
  const Page = loadedPages.get(entry) ?? pageOf(entry);
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<Spinner delay={pageLoadingDelay} />}>
        <Page query={query} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <TapToReload /> : this.props.children;
  }
}

/**
 * docs/product.md section 8: a failed page load offers a reload. A browser may remember a failed module
 * import, so the whole document reloads rather than retrying the import.
 */
function TapToReload() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="tap-to-reload"
      data-testid="tap-to-reload"
      onClick={() => window.location.reload()}
    >
      {t('shell.chunkError')}
    </button>
  );
}
