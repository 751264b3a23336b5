import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useSessionStore } from '../features/session/store.ts';
import { pageLoadingDelay } from '../shared/constants.ts';
import { guardLoginPath, loginPath, profilePath, safeRedirect } from '../shared/navigation.ts';
import { Spinner } from '../shared/ui/spinner.tsx';
import { DemoLayout } from './layouts/demo-layout.tsx';
import { PlainLayout } from './layouts/plain-layout.tsx';
import { ChunkErrorBoundary, LazyPage } from './lazy-page.tsx';
import type { RouteEntry } from './routes.ts';

const registerPath = '/pages/auth/register';

// The home tab uses the plain layout, so the layouts with top bars load with the first page that needs them.
const AuthLayout = lazy(() => import('./layouts/auth-layout.tsx').then((module) => ({ default: module.AuthLayout })));
const DefaultLayout = lazy(() =>
  import('./layouts/default-layout.tsx').then((module) => ({ default: module.DefaultLayout })),
);

/** A route's page inside its layout, behind the login guard, with its query as props. */
export function RouteView({ entry, search }: { entry: RouteEntry; search: string }) {
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(search)), [search]);
  return (
    <LoginGuard entry={entry}>
      <ChunkErrorBoundary>
        <Suspense fallback={<Spinner delay={pageLoadingDelay} />}>
          <WithLayout entry={entry}>
            <LazyPage entry={entry} query={query} />
          </WithLayout>
        </Suspense>
      </ChunkErrorBoundary>
    </LoginGuard>
  );
}

function WithLayout({ entry, children }: { entry: RouteEntry; children: ReactNode }) {
  const { t } = useTranslation();
  // docs/product.md section 1: every page's title is the product name.
  useEffect(() => {
    document.title = t('app.name');
  }, [t]);
  switch (entry.layout) {
    case 'auth':
      return <AuthLayout>{children}</AuthLayout>;
    case 'default':
      return <DefaultLayout entry={entry}>{children}</DefaultLayout>;
    case 'demo':
      return <DemoLayout>{children}</DemoLayout>;
    case 'plain':
      return <PlainLayout reachBottom={entry.reachBottom}>{children}</PlainLayout>;
  }
}

/** Pages only a guest needs: a signed-in member is sent on (docs/web.md, Route guard). */
const guestOnly = [loginPath, guardLoginPath, registerPath];

/**
 * docs/product.md section 2, route guard: a guest on a needLogin page goes to the login page and
 * back. A signed-in member opening login or register goes where a login would have sent them:
 * the page of the redirect, else the profile.
 */
function LoginGuard({ entry, children }: { entry: RouteEntry; children: ReactNode }) {
  const isLogined = useSessionStore((state) => state.isLogined);
  const location = useLocation();
  if (entry.needLogin && !isLogined) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`${guardLoginPath}?redirect=${redirect}`} replace />;
  }
  if (isLogined && guestOnly.includes(location.pathname)) {
    const redirect = safeRedirect(new URLSearchParams(location.search).get('redirect'));
    return <Navigate to={redirect ?? profilePath} replace />;
  }
  return <>{children}</>;
}
