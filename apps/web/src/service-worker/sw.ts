/// <reference lib="webworker" />
// The installable app's service worker (docs/web.md, "Installable app"). Built by vite-plugin-pwa
// (injectManifest), which puts the build's file list in place of `self.__WB_MANIFEST`.
import { clientsClaim } from 'workbox-core';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { notificationOf, readPushPayload, soarWindow, targetUrl } from './push.ts';

declare const self: ServiceWorkerGlobalScope;

/** The page shown when a page cannot be fetched (apps/web/offline.html). */
const offlinePage = '/offline.html';

// The build's own files only: scripts, styles, icons, the offline page. Nothing that answers
// differently per member is ever stored, and no runtime cache exists at all: every call to
// `/api/` (uploads included) goes to the network as if there were no worker.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages come from the network every time: the server draws the home page's first view with the
// current banners in the reader's language. The request starts while the worker wakes up.
enableNavigationPreload();
registerRoute(
  new NavigationRoute(async ({ event, request }) => {
    try {
      const preloaded = await (event as FetchEvent).preloadResponse;
      return (preloaded as Response | undefined) ?? (await fetch(request));
    } catch {
      return (await matchPrecache(offlinePage)) ?? Response.error();
    }
  }),
);

// A new version waits until the member accepts the update prompt (registerType 'prompt').
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first version takes the open pages at once, so the offline page works without a reload.
clientsClaim();

// Web Push: `{ title, body, url?, tag? }` (docs/web.md, "Push notifications").
self.addEventListener('push', (event) => {
  const payload = readPushPayload(event.data?.text() ?? null);
  if (!payload) return;
  const { title, options } = notificationOf(payload);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = targetUrl(event.notification.data, self.location.origin);
  event.waitUntil(openSoar(url));
});

/** Sends an open Soar window to `url` and focuses it, or opens a new window there. */
async function openSoar(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = soarWindow(windows, self.location.origin);
  // A hash route is a navigation within the page: the app stays loaded and follows it. Only a
  // window this worker controls can be navigated; for any other a new window opens.
  const navigated = open && (await open.navigate(url).catch(() => null));
  if (navigated) await navigated.focus();
  else await self.clients.openWindow(url);
}
