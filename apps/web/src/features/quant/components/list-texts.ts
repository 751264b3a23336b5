import type { TFunction } from 'i18next';

/** The texts of a quant list (InfiniteList), by what it lists. */
export const listTexts = (t: TFunction, kind: 'funds' | 'orders' | 'profits') => ({
  empty: t(`quant.empty.${kind}`),
  more: t('quant.more'),
  loading: t('quant.loading'),
  error: t('quant.loadError'),
  retry: t('quant.retry'),
});
