/**
 * The routing decision: the local table first (the host's own addresses, 127.0.0.0/8 and
 * broadcasts are delivered locally), then the main table by longest prefix, where every
 * interface address contributes its connected route. Metrics are not modelled: on equal
 * prefixes a connected route wins, then the routes in the order the host file lists them.
 */
import { findInterface, isBroadcastAddress, isLocalAddress, type Host } from './host.ts';
import { inPrefix, networkOf, type Ipv4Prefix } from './ipv4.ts';

export type RouteResult =
  | { kind: 'local'; dev: 'lo'; broadcast: boolean }
  | { kind: 'unicast'; dev: string; via: number | null; src: number | null; connected: boolean }
  | { kind: 'unreachable' };

interface Candidate {
  net: Ipv4Prefix;
  dev: string;
  via: number | null;
  src: number | null;
  connected: boolean;
}

function candidates(host: Host): Candidate[] {
  const out: Candidate[] = [];
  for (const i of host.interfaces) {
    if (i.name === 'lo') continue;
    for (const a of i.addresses)
      out.push({
        net: { address: networkOf(a), prefix: a.prefix },
        dev: i.name,
        via: null,
        src: a.address,
        connected: true,
      });
  }
  for (const r of host.routes)
    out.push({
      net: r.to ?? { address: 0, prefix: 0 },
      dev: r.dev,
      via: r.via,
      src: r.src,
      connected: false,
    });
  return out;
}

export function lookupRoute(host: Host, dst: number): RouteResult {
  if (isLocalAddress(host, dst)) return { kind: 'local', dev: 'lo', broadcast: false };
  if (isBroadcastAddress(host, dst)) return { kind: 'local', dev: 'lo', broadcast: true };
  let best: Candidate | undefined;
  for (const c of candidates(host)) {
    if (!inPrefix(dst, c.net)) continue;
    if (
      !best ||
      c.net.prefix > best.net.prefix ||
      (c.net.prefix === best.net.prefix && c.connected && !best.connected)
    )
      best = c;
  }
  if (!best) return { kind: 'unreachable' };
  return {
    kind: 'unicast',
    dev: best.dev,
    via: best.via,
    src: best.src,
    connected: best.connected,
  };
}

/**
 * The source address the kernel picks for a packet leaving by `dev` toward `nexthop`: the
 * route's `src`, else the device's address on the next hop's subnet, else its primary
 * address, else any address of the host. MASQUERADE uses the same choice.
 */
export function sourceAddressFor(
  host: Host,
  dev: string,
  nexthop: number,
  routeSrc: number | null = null,
): number | null {
  if (routeSrc !== null) return routeSrc;
  const iface = findInterface(host, dev);
  if (iface) {
    const onLink = iface.addresses.find((a) => inPrefix(nexthop, a));
    if (onLink) return onLink.address;
    if (iface.addresses[0]) return iface.addresses[0].address;
  }
  for (const i of host.interfaces)
    if (i.name !== 'lo' && i.addresses[0]) return i.addresses[0].address;
  return null;
}

/** The next hop for a route: the gateway, or the destination itself on a connected subnet. */
export function nexthopOf(route: Extract<RouteResult, { kind: 'unicast' }>, dst: number): number {
  return route.via ?? dst;
}
