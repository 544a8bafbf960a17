// What the rate limits count against: the account a login tries and the client's network address.
import { isIPv4, isIPv6 } from 'node:net';

/** Case- and width-insensitive, so that "Admin" and "ＡＤＭＩＮ" share one counter. */
export function accountKey(username: string): string {
  return username.normalize('NFKC').toLowerCase().slice(0, 200);
}

/** IPv4 as is; IPv6 reduced to its /64, because one subscriber usually holds a whole /64 and could
 *  otherwise pick a fresh address for every guess. */
export function ipKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const address = ip.replace(/%.*$/, ''); // zone index of link-local addresses
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address.slice(0, 64);
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** Eight lower-case hexadecimal groups without leading zeros, from any valid IPv6 text. */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const groups = (text: string): string[] => {
    if (text === '') return [];
    return text.split(':').flatMap((part) => {
      if (!part.includes('.')) return [part];
      // An embedded IPv4 address (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) fills two groups.
      const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  };
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}
