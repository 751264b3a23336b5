import { request } from '@soar/client';
import type { BaseSetting, Currency, Language, Market } from '@soar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The settings calls of SPEC section 7; start-up runs them without loading indicator or toasts. */
const quiet = { loading: false, toast: false } as const;

export const getLanguages = () => request<Language[]>({ url: 'language/list', ...quiet });
export const getMarkets = () => request<Market[]>({ url: 'market/app/list', ...quiet });
export const getCurrencies = () => request<Currency[]>({ url: 'currency/list', ...quiet });
export const getBaseSetting = () => request<BaseSetting>({ url: 'base/setting', ...quiet });

/** Where the operator's custom script is served as a file (the CSP forbids inline scripts). */
export const customScriptUrl = '/api/v1/base/custom.js';

export const baseSettingQuery = queryOptions({ queryKey: ['base', 'setting'], queryFn: getBaseSetting });
export const useBaseSetting = () => useQuery(baseSettingQuery);
