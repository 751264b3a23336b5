import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { api } from '../test/http.ts';
import { escapeHtml, FirstViewCache, firstViewScript, readerLanguage } from './first-view.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
let editor: { headers: Record<string, string> };
const webDist = mkdtempSync(path.join(tmpdir(), 'soar-first-view-'));
const template =
  '<!doctype html><html lang="en"><head><title>Soar</title></head><body><div id="root"><!--first-view--></div></body></html>';

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), template);
  t = await createTestApp({ webDist });
  http = api(t.app);
  editor = await createOperator(t.app, { role: 'support' });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const open = (headers: Record<string, string> = {}) => t.app.inject({ url: '/', headers });
const bannerTitles = (html: string) =>
  [...html.matchAll(/<h2 class="banner-title" lang="[a-zA-Z-]+">(.*?)<\/h2>/g)].map((m) => m[1]);

describe('the first view in index.html', () => {
  it('draws the top bar and the seeded banners in English without a cookie', async () => {
    const res = await open();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('<div class="app" id="first-view" data-lang="en">');
    expect(res.body).toContain('<header class="top-bar">');
    const english = (await http.get('banner/list')).json().data as { title: string }[];
    expect(bannerTitles(res.body)).toEqual(english.map((banner) => escapeHtml(banner.title)));
    expect(res.body).not.toContain('<!--first-view-->');
    expect((await t.app.inject({ url: '/index.html' })).body).toBe(res.body);
  });

  it('takes the language from the soar-lang cookie, not from Accept-Language', async () => {
    const res = await open({ cookie: 'other=1; soar-lang=de', 'accept-language': 'ja-JP,ja;q=0.9' });
    expect(res.body).toContain('<html lang="de">');
    expect(res.body).toContain('data-lang="de"');
    expect(bannerTitles(res.body)[0]).toBe('Weltweite Märkte in einer App');
  });

  it('keeps English, the default, for an unknown cookie or a browser in another language', async () => {
    const res = await open({ cookie: 'soar-lang=xx', 'accept-language': 'ja-JP,ja;q=0.9' });
    expect(res.body).toContain('<html lang="en">');
    const english = (await http.get('banner/list')).json().data as { title: string }[];
    expect(bannerTitles(res.body)[0]).toBe(escapeHtml(english[0]?.title ?? ''));
  });

  it('escapes what operators type and shows a changed banner at once', async () => {
    const title = `<script>alert("x")</script> & 'quoted'`;
    const created = await http.post(
      'admin/banner/create',
      { translations: { en: { title, text: '"><img src=x onerror=alert(1)>' } }, style: 1, link: null, sort: 0 },
      { headers: editor.headers },
    );
    expect(created.statusCode, created.body).toBe(200);
    const body = (await open()).body;
    expect(bannerTitles(body)[0]).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;');
    expect(body).toContain(
      '<p class="banner-text"><span lang="en">&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</span></p>',
    );
    // Written in English only: a German reader sees it marked as English
    expect((await open({ cookie: 'soar-lang=de' })).body).toContain(
      '<span lang="en">&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</span><span class="fallback-mark" title="Noch nicht in Ihrer Sprache verfügbar" data-testid="fallback-mark">Auf Englisch</span>',
    );
    expect(body).not.toContain('<script>alert');
    expect(body).not.toContain('<img');
    // The banner list the app starts with: JSON that cannot close its script element.
    const data = /<script type="application\/json" id="first-view-banners" data-lang="en">(.*?)<\/script>/.exec(body);
    expect(data?.[1]).not.toContain('<');
    expect(JSON.parse(data?.[1] ?? '')[0]).toMatchObject({ title, style: 1, link: null });

    const id = created.json().data.id as number;
    await http.post('admin/banner/update', { id, enabled: false }, { headers: editor.headers });
    const seeded = (await http.get('banner/list')).json().data[0].title as string;
    expect(bannerTitles((await open()).body)[0]).toBe(escapeHtml(seeded));
    expect((await open()).body).not.toContain('&lt;script&gt;');
    await http.post('admin/banner/delete', { id }, { headers: editor.headers });
  });

  it('lets exactly its inline script run under the content security policy', async () => {
    const res = await open();
    const hash = createHash('sha256').update(firstViewScript).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(res.body).toContain(`<script>${firstViewScript}</script>`);
  });
});

describe('readerLanguage', () => {
  it('reads a known language from the cookie, else English', () => {
    expect(readerLanguage('soar-lang=zh-CN')).toBe('zh-CN');
    expect(readerLanguage('a=1; soar-lang=ja; b=2')).toBe('ja');
    expect(readerLanguage('soar-lang=<script>')).toBe('en');
    expect(readerLanguage('xsoar-lang=de')).toBe('en');
    expect(readerLanguage(undefined)).toBe('en');
  });
});

describe('FirstViewCache', () => {
  it('keeps a page for its TTL, asks again after it, and serves the page without the view when the list fails', async () => {
    let calls = 0;
    let fail = false;
    const errors: unknown[] = [];
    const cache = new FirstViewCache(
      template,
      async () => {
        calls += 1;
        if (fail) throw new Error('database down');
        return [
          { id: calls, title: `Banner ${calls}`, text: '', style: 0, link: null, language: 'en', fallback: false },
        ];
      },
      (error) => errors.push(error),
      0,
    );
    expect(await cache.page('en')).toContain('Banner 1');
    expect(await cache.page('en')).toContain('Banner 2');
    fail = true;
    const page = await cache.page('en');
    expect(page).toContain('<div id="root"><!--first-view--></div>');
    expect(errors).toHaveLength(1);

    let asked = 0;
    const kept = new FirstViewCache(
      template,
      async () => {
        asked += 1;
        return [];
      },
      () => undefined,
      60_000,
    );
    await kept.page('fr');
    expect(await kept.page('fr')).toContain('<html lang="fr">');
    expect(asked).toBe(1);
    kept.invalidate();
    await kept.page('fr');
    expect(asked).toBe(2);
  });
});
