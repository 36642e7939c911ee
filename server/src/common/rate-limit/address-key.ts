import { isIPv6 } from 'node:net';

/**
 * What a client address counts as for rate limits: an IPv4 address as it is, an IPv6 address by
 * its /64, since one customer's network (or one attacker's) owns a whole /64 and can rotate
 * through it at will.
 */
export function addressKey(ipAddress: string | null): string {
  if (!ipAddress) return 'unknown';
  const mapped = ipAddress.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ipAddress)) return ipAddress;
  return `${expandIPv6(ipAddress).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, `::` filled in, zone dropped, lower-case. */
function expandIPv6(address: string): string[] {
  const [withoutZone] = address.toLowerCase().split('%');
  const [head = '', tail = ''] = withoutZone!.split('::');
  const left = head ? head.split(':') : [];
  const right = withoutZone!.includes('::') ? (tail ? tail.split(':') : []) : [];
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right].map((group) =>
    group.replace(/^0+(?=.)/, ''),
  );
}
