import { BlockList, isIP } from 'node:net';

/**
 * Addresses that are not the internet's: private, loopback, link-local, carrier-grade NAT,
 * reserved and multicast. One list for what a member hands in (push endpoints) and for how a
 * sign-in's place reads ("local network").
 */
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

/** An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, how a dual-stack socket reports IPv4) as IPv4; a zone dropped. */
export function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip.split('%')[0] ?? ip;
}

/** Whether an IP address is one of the internet's; false for anything that is no address. */
export function isPublicAddress(ip: string): boolean {
  const address = plainAddress(ip);
  const family = isIP(address);
  if (family === 0) return false;
  return !privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
