/** docs/product.md section 7: how arrays in a query are written. */
export type ArrayFormat = 'indices' | 'repeat' | 'brackets' | 'comma';

type Scalar = string | number | boolean;
export type QueryValue = Scalar | null | undefined | Scalar[];
export type Query = Record<string, QueryValue>;

/** Serialises a query object; `null` and `undefined` are left out, arrays default to comma. */
export function serialiseQuery(query: Query, arrayFormat: ArrayFormat = 'comma'): string {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (!Array.isArray(value)) {
      pairs.push([key, String(value)]);
      continue;
    }
    if (arrayFormat === 'comma') {
      if (value.length > 0) pairs.push([key, value.map(String).join(',')]);
      continue;
    }
    value.forEach((item, index) => {
      const name = arrayFormat === 'indices' ? `${key}[${index}]` : arrayFormat === 'brackets' ? `${key}[]` : key;
      pairs.push([name, String(item)]);
    });
  }
  return pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
}
