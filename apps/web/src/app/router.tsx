import { lazy } from 'react';
import { createHashRouter, type RouteObject, useLocation } from 'react-router';
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

export const router = createHashRouter(
  [{ element: <Root />, children: [...routes.flatMap(toRouteObjects), { path: '*', element: <NotFound /> }] }],
  { basename: '/' },
);

setNavigator((to, options) => void router.navigate(to, options));
