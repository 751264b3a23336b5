/**
 * Screenshots of the main member pages for a person to look at (not run in CI): every page at
 * 390x844 in English, German and Japanese, light and dark, signed in as the demo member.
 *
 *   node --import tsx e2e/scripts/screenshots.ts http://127.0.0.1:3200 /tmp/shots
 *
 * The server must run in development (the demo member and live markets are seeded). LANGUAGES=en,ja
 * and PAGES=profile,trade narrow the set.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const [baseURL = 'http://127.0.0.1:3100', outDir = 'screenshots'] = process.argv.slice(2);

// `ready`: what to wait for beyond the network going quiet (the chart draws after its bars load);
// `scrollTo`: a part further down the page to bring into view.
const pages: { name: string; path: string; ready?: string; scrollTo?: string }[] = [
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
    path: '/pages/payment/stock?symbol=AAPL&direction=buy&kind=market&quantity=10000&timeInForce=day',
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

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
for (const language of languages) {
  for (const theme of themes) {
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
        localStorage.setItem('soar-session', session);
        localStorage.setItem('soar-language', JSON.stringify({ state: { language: lang }, version: 0 }));
        localStorage.setItem('soar-theme', JSON.stringify({ state: { theme: chosen }, version: 0 }));
      },
      [
        JSON.stringify({ state: { token: data.token, userInfo: {}, isLogined: true }, version: 0 }),
        language,
        theme,
      ] as const,
    );
    const page = await context.newPage();
    for (const { name, path: route, ready, scrollTo } of pages.filter((item) => !only || only.includes(item.name))) {
      await page.goto(`/#${route}`);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      if (ready) await page.waitForSelector(ready, { timeout: 30_000 }).catch(() => undefined);
      if (scrollTo) await page.locator(scrollTo).scrollIntoViewIfNeeded();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: path.join(outDir, `${name}-${language}-${theme}.png`) });
    }
    await context.close();
  }
}
await browser.close();
