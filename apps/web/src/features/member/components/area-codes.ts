/** Area codes offered by the phone fields, with the region whose name labels them. */
export const areaCodes = [
  { code: '1', region: 'US' },
  { code: '44', region: 'GB' },
  { code: '49', region: 'DE' },
  { code: '33', region: 'FR' },
  { code: '34', region: 'ES' },
  { code: '39', region: 'IT' },
  { code: '31', region: 'NL' },
  { code: '41', region: 'CH' },
  { code: '43', region: 'AT' },
  { code: '7', region: 'RU' },
  { code: '81', region: 'JP' },
  { code: '82', region: 'KR' },
  { code: '86', region: 'CN' },
  { code: '852', region: 'HK' },
  { code: '853', region: 'MO' },
  { code: '886', region: 'TW' },
  { code: '65', region: 'SG' },
  { code: '60', region: 'MY' },
  { code: '66', region: 'TH' },
  { code: '84', region: 'VN' },
  { code: '62', region: 'ID' },
  { code: '63', region: 'PH' },
  { code: '61', region: 'AU' },
  { code: '64', region: 'NZ' },
  { code: '91', region: 'IN' },
  { code: '971', region: 'AE' },
  { code: '966', region: 'SA' },
  { code: '55', region: 'BR' },
  { code: '52', region: 'MX' },
] as const;

export const defaultAreaCode = '1';

/** "+44 United Kingdom" in the interface language (the region names come from Intl). */
export function areaCodeLabel(code: string, region: string, locale: string): string {
  let name: string = region;
  try {
    name = new Intl.DisplayNames([locale], { type: 'region' }).of(region) ?? region;
  } catch {
    // An engine without display names shows the region code.
  }
  return `+${code} ${name}`;
}
