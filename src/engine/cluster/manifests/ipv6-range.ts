/** Whether an IPv6 address (canonical text) lies in an IPv6 range (`net/len` text). */
import { parseCidr, parseIPv6 } from '../../rules/index.ts';

export function inIPv6Range(address: string, range: string): boolean {
  const net = parseCidr(range, 'ipv6');
  const a = parseIPv6(address);
  const n = net ? parseIPv6(net.address) : undefined;
  if (!net || !a || !n) return false;
  for (let i = 0, left = net.prefix; left > 0; i++, left -= 16) {
    const bits = Math.min(16, left);
    const mask = (0xffff << (16 - bits)) & 0xffff;
    if ((a[i]! & mask) !== (n[i]! & mask)) return false;
  }
  return true;
}
