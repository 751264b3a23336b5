import type { QueryClient } from '@tanstack/react-query';
import { bannerListQuery } from '../../../features/market/api/banner-list.ts';
import { newsListQuery } from '../../../features/market/api/news-list.ts';
import { mostActiveQuery } from '../../../features/market/api/quote-list.ts';
import { indexListQuery } from '../../../shared/quote/index-list.ts';

/** A page of ten news, the reader's language first: five shown. */
export const homeNewsPage = 10;
export const homeMostActive = 5;

const homePaths = new Set(['/', '/pages/main/home/index']);

/**
 * When the app opens on the home page, its data is asked for at once, while the start-up calls and
 * the catalogs load, instead of after the first render (docs/performance.md, bench:web).
 */
export function prefetchHome(client: QueryClient, path: string, language: string): void {
  if (!homePaths.has(path)) return;
  // The banners the server drew into the first view, in the language it drew them in (docs/web.md).
  const drawn = document.getElementById('first-view-banners');
  if (drawn?.dataset.lang === language)
    client.setQueryData(bannerListQuery(language).queryKey, JSON.parse(drawn.textContent || '[]'));
  else void client.prefetchQuery(bannerListQuery(language));
  void client.prefetchQuery(indexListQuery);
  void client.prefetchQuery(newsListQuery(homeNewsPage));
  void client.prefetchQuery(mostActiveQuery(homeMostActive));
}
