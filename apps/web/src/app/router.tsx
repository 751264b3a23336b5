import { lazy, useEffect } from 'react';
import { HashRouter, matchRoutes, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { setNavigator } from '../shared/navigation.ts';
import { Root, type RouteHandle } from './root.tsx';
import { RouteView } from './route-view.tsx';
import { type RouteEntry, routes } from './routes.ts';

const NotFound = lazy(() => import('./not-found.tsx').then((module) => ({ default: module.NotFound })));

function RouteElement({ entry }: { entry: RouteEntry }) {
  return <RouteView entry={entry} search={useLocation().search} />;
}

/** Tab pages render in Root (kept alive); every other route renders in its Outlet. */
function toRouteObjects(entry: RouteEntry): RouteObject[] {
  const handle: RouteHandle = { entry };
  return [entry.path, ...(entry.aliases ?? [])].map((path) => ({
    path,
    handle,
    element: entry.tab ? null : <RouteElement entry={entry} />,
  }));
}

const pages: RouteObject[] = [...routes.flatMap(toRouteObjects), { path: '*', element: <NotFound /> }];

/** Root with the entry of the route that matches (its handle), which decides tab or page. */
function Frame() {
  const location = useLocation();
  const entry = (matchRoutes(pages, location)?.at(-1)?.route.handle as RouteHandle | undefined)?.entry;
  return <Root entry={entry} />;
}

const tree: RouteObject[] = [{ element: <Frame />, children: pages }];

/** Features navigate through shared/navigation.ts: it goes to this router's `navigate`. */
function Routes() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, options) => void navigate(to, options)), [navigate]);
  useMissedAddressFollowed();
  return useRoutes(tree);
}

/**
 * The first render runs in a transition (main.tsx) and HashRouter listens for hash changes only
 * once it commits: an address changed in between (a link followed while the page starts) was
 * missed and the app stayed where it began. After the first commit, the router catches up.
 */
export function useMissedAddressFollowed() {
  const navigate = useNavigate();
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first commit can have missed a change
  useEffect(() => {
    const address = hashAddress(window.location.hash);
    if (address !== location.pathname + location.search + location.hash) void navigate(address, { replace: true });
  }, []);
}

/** The address a hash names, as HashRouter reads it: `#/trade?x=1` is `/trade?x=1`, no hash is `/`. */
export function hashAddress(hash: string): string {
  const address = hash.replace(/^#/, '');
  return address.startsWith('/') ? address : `/${address}`;
}

/**
 * The declarative hash router: the app uses no loaders, actions or fetchers, and the data
 * router that brings them was about a third of react-router in the first load
 * (docs/performance.md, bench:web).
 */
export function AppRouter() {
  return (
    <HashRouter>
      <Routes />
    </HashRouter>
  );
}
