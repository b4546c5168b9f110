import { isIPv6 } from 'node:net';

/**
 * The unit a per-client limit counts: an IPv4 address, or the /64 network of an IPv6 one, since a single
 * IPv6 subscriber is routinely given a whole /64 and could otherwise take a fresh allowance per address.
 */
export function clientGroup(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * A wider unit than `clientGroup`, for what one network could otherwise multiply: the /24 of an IPv4 address
 * (one office, one hosting subnet), or the /64 of an IPv6 one.
 */
export function networkGroup(ip: string): string {
  const group = clientGroup(ip);
  if (group.endsWith('::/64')) return group;
  const octets = group.split('.');
  return octets.length === 4 ? `${octets.slice(0, 3).join('.')}.0/24` : group;
}
