import { existsSync } from 'node:fs';
import path from 'node:path';
import { catalogs } from '@soar/i18n';
import { describe, expect, it } from 'vitest';
import { routes, tabRoutes } from './routes.ts';

const lookup = (catalog: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);

/** docs/product.md section 2 and the brief: every page that shows a user's own money, orders or data. */
const ownData = [
  /^\/pages\/deposit\//,
  /^\/pages\/withdraw\/crypto$/,
  /^\/pages\/history\/record$/,
  /^\/pages\/profile\/(transfer|transcation|performance|statements|alerts)$/,
  /^\/pages\/kycverify\//,
  // The loan offer is for everyone to read (applying asks for a login); loans are the member's own.
  /^\/pages\/borrow\/(detail|history)$/,
  /^\/pages\/quantify\/(list|history)$/,
  /^\/pages\/payment\//,
  /^\/pages\/card\/crypto$/,
  /^\/pages\/setting\/(password|paypwd|passkeys|notifications)$/,
  /^\/pages\/main\/watchlist\/manage$/,
];

describe('route table', () => {
  it('has one page file per route, mirroring its path', () => {
    for (const route of routes) {
      const file = route.path === '/' ? 'main/home/index' : route.path.replace('/pages/', '');
      expect(existsSync(path.join(import.meta.dirname, `../pages/${file}.tsx`)), route.path).toBe(true);
    }
  });

  it('titles every page in all seven languages', () => {
    for (const route of routes) {
      for (const [language, catalog] of Object.entries(catalogs)) {
        expect(typeof lookup(catalog, route.title), `${language} ${route.title}`).toBe('string');
      }
    }
  });

  it('flags exactly the pages with the user’s own money, orders or data as needLogin', () => {
    for (const route of routes) {
      expect(route.needLogin, route.path).toBe(ownData.some((pattern) => pattern.test(route.path)));
    }
  });

  it('has the five tabs in the spec order, the home tab on the plain layout', () => {
    expect(tabRoutes.map((route) => route.tab)).toEqual(['home', 'markets', 'watchlists', 'trade', 'profile']);
    expect(tabRoutes[0]).toMatchObject({ path: '/', layout: 'plain', aliases: ['/pages/main/home/index'] });
    expect(routes.find((route) => route.tab === 'markets')?.reachBottom).toBe(50);
  });

  it('makes /pages/login/index an alias of the login page', () => {
    expect(routes.find((route) => route.aliases?.includes('/pages/login/index'))?.path).toBe('/pages/auth/login');
  });
});
