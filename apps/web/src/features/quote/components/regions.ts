import type { Quote } from '@soar/contract';

export const regions = ['americas', 'europe', 'asiaPacific'] as const;
export type Region = (typeof regions)[number];

// An index's `market` is its country; Euro Stoxx 50 carries `EU`.
const americas = new Set(['US', 'CA', 'MX', 'BR', 'AR', 'CL']);
const europe = new Set([
  'GB',
  'DE',
  'FR',
  'EU',
  'NL',
  'ES',
  'CH',
  'IT',
  'BE',
  'SE',
  'NO',
  'DK',
  'FI',
  'AT',
  'PT',
  'IE',
]);

export function regionOf(country: string): Region {
  if (americas.has(country)) return 'americas';
  if (europe.has(country)) return 'europe';
  return 'asiaPacific';
}

/** The indices by region, in the list's order within each region; empty regions are left out. */
export function groupByRegion(quotes: Quote[]): { region: Region; quotes: Quote[] }[] {
  return regions
    .map((region) => ({ region, quotes: quotes.filter((quote) => regionOf(quote.market) === region) }))
    .filter((group) => group.quotes.length > 0);
}
