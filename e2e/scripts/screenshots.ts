/**
 * Screenshots of every member route for a person to look at (not run in CI): each page at 390x844
 * in English, German and Japanese, light and dark, signed in as the demo member; the guest pages
 * (login, register, forgot password) signed out, since a member opening them is sent on.
 *
 *   node --import tsx e2e/scripts/screenshots.ts http://127.0.0.1:3200 /tmp/shots
 *
 * The server must run in development (the demo member and live markets are seeded). LANGUAGES=en,ja
 * and PAGES=profile,trade narrow the set; a route without a name below is named by its path after
 * /pages/ with dashes (borrow-detail, auth-login). The server reads the web app's index.html once:
 * restart it after a build.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { routes } from '../tests/routes.ts';

const [baseURL = 'http://127.0.0.1:3100', outDir = 'screenshots'] = process.argv.slice(2);

// `ready`: what to wait for beyond the network going quiet (the chart draws after its bars load);
// `scrollTo`: a part further down the page to bring into view.
// `signedOut`: shown to a guest (a member opening it is sent on).
const pages: { name: string; path: string; ready?: string; scrollTo?: string; signedOut?: boolean }[] = [
  { name: 'home', path: '/' },
  { name: 'home-stocks', path: '/', scrollTo: '[data-testid="home-stocks"]' },
  { name: 'markets', path: '/pages/main/market/index' },
  {
    name: 'stock',
    path: '/pages/quote/stock?symbol=AAPL',
    ready: '[data-testid="kline-chart"][data-bars]:not([data-bars="0"]) canvas',
  },
  { name: 'indices', path: '/pages/quote/globalindex' },
  { name: 'popular', path: '/pages/product/popular' },
  { name: 'wallet', path: '/pages/card/crypto' },
  { name: 'profile', path: '/pages/main/profile/index' },
  { name: 'trade', path: '/pages/main/trade/index' },
  { name: 'performance', path: '/pages/profile/performance', ready: '[data-testid="equity-chart"]' },
  { name: 'performance-realised', path: '/pages/profile/performance', scrollTo: '[data-testid="realised"]' },
  { name: 'performance-export', path: '/pages/profile/performance', scrollTo: '[data-testid="export"]' },
  { name: 'statements', path: '/pages/profile/statements' },
  {
    name: 'block-order',
    path: '/pages/payment/stock?symbol=AAPL&action=buy&kind=market&quantity=10000&timeInForce=day',
  },
  { name: 'funds', path: '/pages/quantify/index' },
  { name: 'loan', path: '/pages/borrow/index' },
  { name: 'loans', path: '/pages/borrow/history' },
];
const languages = (process.env.LANGUAGES ?? 'en,de,ja').split(',');
// PAGES=profile,trade takes only those pages.
const only = process.env.PAGES?.split(',');
const themes = ['light', 'dark'] as const;

mkdirSync(outDir, { recursive: true });
const login = await fetch(`${baseURL}/api/v1/member/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ mail: 'demo@soar.local', password: 'demo1234' }),
});
const { data } = (await login.json()) as { data: { token: string } };

/** The first id of one of the demo member's lists, for the detail pages that need one. */
async function first(endpoint: string, field = 'id'): Promise<string> {
  const response = await fetch(`${baseURL}/api/v1/${endpoint}`, { headers: { authorization: `Bearer ${data.token}` } });
  const body = (await response.json()) as { data: { list?: Record<string, unknown>[] } | Record<string, unknown>[] };
  const list = Array.isArray(body.data) ? body.data : (body.data.list ?? []);
  return String(list[0]?.[field] ?? '');
}
// The detail pages open one of the demo data's items, as their lists link to them.
const queries: Record<string, string> = {
  '/pages/borrow/detail': `id=${await first('loan/list')}`,
  '/pages/news/detail': `id=${await first('news/list')}`,
  '/pages/payment/newstock': `id=${await first('ipo/list')}`,
  '/pages/quantify/history': `orderId=${await first('quant/order/list')}`,
  '/pages/quantify/bak': `id=${await first('quant/list')}`,
  '/pages/quote/in': `symbol=${encodeURIComponent(await first('market/index/list', 'symbol'))}`,
  '/pages/webview/index': 'name=terms',
};
const guestPages = ['/pages/auth/login', '/pages/auth/register', '/pages/auth/resetpwd'];
// Every route of the route table the pages above do not already show.
const shown = new Set(pages.map((item) => item.path.split('?')[0]));
for (const route of routes) {
  if (shown.has(route.path)) continue;
  const query = queries[route.path];
  pages.push({
    name: route.path
      .replace(/^\/pages\//, '')
      .replace(/\/index$/, '')
      .replaceAll('/', '-'),
    path: query ? `${route.path}?${query}` : route.path,
    signedOut: guestPages.includes(route.path),
  });
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
for (const language of languages) {
  for (const theme of themes) {
    for (const signedOut of [false, true]) {
      const batch = pages.filter(
        (item) => (!only || only.includes(item.name)) && Boolean(item.signedOut) === signedOut,
      );
      if (batch.length === 0) continue;
      const context = await browser.newContext({
        baseURL,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        colorScheme: theme,
      });
      await context.addInitScript(
        ([session, lang, chosen]) => {
          if (session) localStorage.setItem('soar-session', session);
          localStorage.setItem('soar-language', JSON.stringify({ state: { language: lang }, version: 0 }));
          localStorage.setItem('soar-theme', JSON.stringify({ state: { theme: chosen }, version: 0 }));
        },
        [
          signedOut ? '' : JSON.stringify({ state: { token: data.token, userInfo: {}, isLogined: true }, version: 0 }),
          language,
          theme,
        ] as const,
      );
      const page = await context.newPage();
      for (const { name, path: route, ready, scrollTo } of batch) {
        await page.goto(`/#${route}`);
        await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
        if (ready) await page.waitForSelector(ready, { timeout: 30_000 }).catch(() => undefined);
        if (scrollTo) await page.locator(scrollTo).scrollIntoViewIfNeeded();
        await page.waitForTimeout(1500);
        await page.screenshot({ path: path.join(outDir, `${name}-${language}-${theme}.png`) });
      }
      await context.close();
    }
  }
}
await browser.close();
