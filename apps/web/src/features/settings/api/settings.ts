import { apiPrefix, call } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The settings calls of docs/product.md section 7; start-up runs them without loading indicator or toasts. */
const quiet = { loading: false, toast: false } as const;

export const getLanguages = () => call('GET /language/list', {}, quiet);
export const getMarkets = () => call('GET /market/app/list', {}, quiet);
export const getCurrencies = () => call('GET /currency/list', {}, quiet);
export const getBaseSetting = () => call('GET /base/setting', {}, quiet);

/** Where the operator's custom script is served as a file (the CSP forbids inline scripts). */
export const customScriptUrl = `${apiPrefix}/base/custom.js`;

export const baseSettingQuery = queryOptions({ queryKey: ['base', 'setting'], queryFn: getBaseSetting });
export const useBaseSetting = () => useQuery(baseSettingQuery);
