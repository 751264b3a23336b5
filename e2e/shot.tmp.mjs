import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3199';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const [, , ...targets] = process.argv;
for (const t of targets) {
  const [name, path, lang = 'en', scheme = 'light'] = t.split('|');
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, colorScheme: scheme });
  await ctx.addInitScript((l) => { localStorage.setItem('soar-language', JSON.stringify({ state: { language: l }, version: 0 })); }, lang);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', name, e.message));
  page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', name, m.text()));
  await page.goto(base + '/#' + path);
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
  await ctx.close();
}
await browser.close();
