import { createHash } from 'node:crypto';
import { defaultLanguage, isLanguageKey, type LanguageKey } from '@soar/contract';
import { translate } from '@soar/i18n';

/**
 * The home page's first view (docs/web.md, "First view"): the top bar and the banners, drawn into
 * `index.html`'s `#root` with the real banners in the reader's language, so they paint before
 * any JavaScript has been downloaded. React's `createRoot` replaces them with the same elements,
 * the same global classes (apps/web/src/shared/styles.css, "first view") at the same place.
 * The markup mirrors `TopBar` + `Logo`, the home page's search entry and column, and
 * `BannerCarousel` + `Banner` (apps/web/src/features/market/components/): change them together.
 */

/** What `GET banner/list` answers: the client starts with it (`first-view-banners`). */
export type FirstViewBanner = {
  id: number;
  title: string;
  text: string;
  style: number;
  link: string | null;
  language: LanguageKey;
  fallback: boolean;
};

/** Where the build's `index.html` takes the first view (inside `#root`). */
export const firstViewMarker = '<!--first-view-->';

/**
 * Runs right after the markup, before the first paint: applies the stored or system theme (as
 * apps/web/src/app/theme.ts does later) and removes the first view when the hash names another
 * page or the reader's stored language is not the one it was drawn in.
 */
export const firstViewScript =
  "(function(){var d=document,v=d.getElementById('first-view');" +
  'function s(k,f){try{return JSON.parse(localStorage.getItem(k)).state[f]}catch(e){}}' +
  "var t=s('soar-theme','theme'),l=s('soar-language','language')," +
  "k=t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches)," +
  "m=d.querySelector('meta[name=\"theme-color\"]'),p=location.hash.replace(/^#/,'').split('?')[0];" +
  "d.documentElement.setAttribute('data-prefers-color-scheme',k?'dark':'light');" +
  "if(m)m.setAttribute('content',k?'#141418':'#465CFF');" +
  "if((p&&p!=='/'&&p!=='/pages/main/home/index')||(l&&l!==v.getAttribute('data-lang'))){" +
  "v.remove();d.getElementById('first-view-banners').remove()}})();";

/** The CSP source that lets exactly this inline script run (apps/server/src/plugins/security.ts). */
export const firstViewScriptSource = `'sha256-${createHash('sha256').update(firstViewScript).digest('base64')}'`;

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Operators type the banners: every interpolated text goes through this. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => entities[character] as string);
}

/** JSON inside `<script type="application/json">`: no `<` may close the element early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * The language the reader will see: the `soar-lang` cookie the app writes when it applies a
 * language, else English, the product's default (docs/product.md); with no stored choice the app
 * takes the same language from `<html lang>`.
 */
export function readerLanguage(cookie: string | undefined): LanguageKey {
  const chosen = /(?:^|;\s*)soar-lang=([^;]*)/.exec(cookie ?? '')?.[1];
  return isLanguageKey(chosen) ? chosen : defaultLanguage;
}

const logo =
  '<span class="logo"><svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">' +
  '<rect width="32" height="32" rx="8" fill="var(--adm-color-primary)"></rect>' +
  '<path d="M7 21l6-6 4 4 8-9" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"></path>' +
  '<path d="M20 10h5v5" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"></path>' +
  '</svg><span class="logo-name">Soar</span></span>';

const searchIcon =
  '<svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" ' +
  'stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M11 4a7 7 0 1 0 0 14a7 7 0 0 0 0-14zM16 16l4.5 4.5"></path></svg>';

const bannerChart =
  '<svg width="140" height="100" viewBox="0 0 140 100" aria-hidden="true">' +
  '<path d="M0 90 L25 70 L45 78 L70 45 L95 55 L120 20 L140 28" fill="none" stroke="#fff" stroke-width="8" ' +
  'stroke-linecap="round" stroke-linejoin="round"></path></svg>';

/** `FallbackMark` (apps/web/src/shared/ui/fallback-mark.tsx): text shown in English for want of a translation. */
function fallbackMark(lang: LanguageKey, item: FirstViewBanner): string {
  if (!item.fallback) return '';
  return (
    `<span class="fallback-mark" title="${escapeHtml(translate(lang, 'shell.inEnglishHint'))}" ` +
    `data-testid="fallback-mark">${escapeHtml(translate(lang, 'shell.inEnglish'))}</span>`
  );
}

function banner(lang: LanguageKey, item: FirstViewBanner): string {
  const style = item.style >= 0 && item.style <= 2 ? item.style : 0;
  const content =
    `<div class="banner banner-${style}"><h2 class="banner-title" lang="${item.language}">` +
    `${escapeHtml(item.title)}</h2><p class="banner-text"><span lang="${item.language}">${escapeHtml(item.text)}</span>` +
    `${fallbackMark(lang, item)}</p>${bannerChart}</div>`;
  return item.link
    ? `<button type="button" class="banner-slide banner-link">${content}</button>`
    : `<div class="banner-slide">${content}</div>`;
}

function carousel(lang: LanguageKey, banners: FirstViewBanner[]): string {
  if (banners.length === 0) return '';
  const dots =
    banners.length > 1
      ? `<div class="banner-dots" aria-hidden="true">${banners
          .map((_, index) => `<span class="${index === 0 ? 'banner-dot-active' : 'banner-dot'}"></span>`)
          .join('')}</div>`
      : '';
  return `<div class="banner-carousel"><div class="banner-track">${banners.map((item) => banner(lang, item)).join('')}</div>${dots}</div>`;
}

/** The markup that takes `firstViewMarker`'s place: the view, its banners as data, the script. */
export function renderFirstView(lang: LanguageKey, banners: FirstViewBanner[]): string {
  return (
    `<div class="app" id="first-view" data-lang="${lang}"><main class="app-body"><div class="page-host">` +
    '<div class="layout layout-plain"><div class="scroll-area">' +
    `<header class="top-bar">${logo}<button type="button" class="search-entry">${searchIcon}` +
    `<span>${escapeHtml(translate(lang, 'marketUi.search.placeholder'))}</span></button></header>` +
    `<div class="home-page"><h1 class="visually-hidden">${escapeHtml(translate(lang, 'pages.main.home.index'))}</h1>` +
    `${carousel(lang, banners)}</div></div></div></div></main></div>` +
    `<script type="application/json" id="first-view-banners" data-lang="${lang}">${scriptJson(banners)}</script>` +
    `<script>${firstViewScript}</script>`
  );
}

/** `index.html` in `lang`: `<html lang>` set and, when the template has the marker, the first view. */
export function renderIndex(template: string, lang: LanguageKey, banners: FirstViewBanner[] | undefined): string {
  const page = template.replace(/<html lang="[^"]*">/, `<html lang="${lang}">`);
  return banners ? page.replace(firstViewMarker, renderFirstView(lang, banners)) : page;
}

/**
 * `index.html` per language, kept for `ttlMs` and dropped at once when an operator changes a
 * banner on this node (`invalidate`); other nodes catch up within `ttlMs`.
 */
export class FirstViewCache {
  private readonly pages = new Map<LanguageKey, { html: Promise<string>; expires: number }>();

  constructor(
    private readonly template: string,
    private readonly listBanners: (lang: LanguageKey) => Promise<FirstViewBanner[]>,
    private readonly onError: (error: unknown) => void,
    private readonly ttlMs = 30_000,
  ) {}

  invalidate(): void {
    this.pages.clear();
  }

  page(lang: LanguageKey): Promise<string> {
    if (!this.template.includes(firstViewMarker)) return Promise.resolve(renderIndex(this.template, lang, undefined));
    const now = Date.now();
    const cached = this.pages.get(lang);
    if (cached && cached.expires > now) return cached.html;
    const html = this.listBanners(lang).then(
      (banners) => renderIndex(this.template, lang, banners),
      (error: unknown) => {
        // The page still works without its first view; try the database again on the next request.
        this.onError(error);
        if (this.pages.get(lang)?.html === html) this.pages.delete(lang);
        return renderIndex(this.template, lang, undefined);
      },
    );
    this.pages.set(lang, { html, expires: now + this.ttlMs });
    return html;
  }
}
