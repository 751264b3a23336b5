import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { closeDialogs } from '../shared/feedback.ts';
import { PageActiveContext } from '../shared/page.ts';
import { RouteView } from './route-view.tsx';
import type { RouteEntry } from './routes.ts';
import { TabBar } from './tab-bar.tsx';
import { useTheme } from './theme.ts';

export type RouteHandle = { entry?: RouteEntry };

/**
 * The frame of every page. Tab pages are kept alive: once visited they stay mounted (hidden
 * while another page shows), so each keeps its state and scroll position (docs/product.md section 2).
 */
export function Root({ entry }: { entry: RouteEntry | undefined }) {
  const location = useLocation();
  const visited = useRef(new Map<RouteEntry, string>());
  if (entry?.tab) visited.current.set(entry, location.search);

  useTheme();
  // Overlays belong to the page they opened on: a navigation (Back included) closes them.
  useEffect(() => {
    if (location.key) closeDialogs();
  }, [location.key]);

  return (
    <div className="app">
      <main className="app-body">
        {[...visited.current].map(([tab, search]) => (
          <div key={tab.path} className="page-host" hidden={tab !== entry}>
            <PageActiveContext.Provider value={tab === entry}>
              <RouteView entry={tab} search={search} />
            </PageActiveContext.Provider>
          </div>
        ))}
        {!entry?.tab && (
          <div className="page-host">
            <Outlet />
          </div>
        )}
      </main>
      {entry?.tab && <TabBar active={entry.tab} />}
    </div>
  );
}
