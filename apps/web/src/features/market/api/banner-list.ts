import { call } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** `GET banner/list`: the home banners operators keep, in the request's language. */
export const bannerListQuery = (language: string) =>
  queryOptions({
    queryKey: ['banner', 'list', language] as const,
    queryFn: () => call('GET /banner/list', undefined, { loading: false }),
    staleTime: 5 * 60_000,
  });

export function useBannerList() {
  const { i18n } = useTranslation();
  return useQuery(bannerListQuery(i18n.language));
}
