import { Component, type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { pageLoadingDelay, pageLoadTimeout } from '../shared/constants.ts';
import type { PageProps } from '../shared/page.ts';
import { Spinner } from '../shared/ui/spinner.tsx';
import type { RouteEntry } from './routes.ts';

const pages = new Map<RouteEntry, LazyExoticComponent<ComponentType<PageProps>>>();

/** docs/product.md section 9: a page that has not loaded within 60,000 ms counts as failed. */
function loadPage(entry: RouteEntry) {
  return new Promise<{ default: ComponentType<PageProps> }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`page load timeout: ${entry.path}`)), pageLoadTimeout);
    entry.load().then(
      (module) => {
        clearTimeout(timer);
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

/** The route's page, loaded on first use; the spinner waits 200 ms before it shows. */
export function LazyPage({ entry, query }: { entry: RouteEntry; query: Record<string, string> }) {
  const Page = pageOf(entry);
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
