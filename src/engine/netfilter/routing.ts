/**
 * The routing decision: the local table first (the host's own addresses, 127.0.0.0/8, ::1 and
 * broadcasts are delivered locally), then the main table by longest prefix, where every
 * interface address contributes its connected route. Metrics are not modelled: on equal
 * prefixes a connected route wins, then the routes in the order the host file lists them. IPv6
 * is looked up in its own table: an IPv6 destination sees only IPv6 routes and addresses.
 * Neighbour discovery (and ARP) is not modelled: a connected next hop is taken as reachable.
 */
import { findInterface, isBroadcastAddress, isLocalAddress, type Host } from './host.ts';
import { inPrefix, networkOf, type Addr, type IpPrefix } from './ipv4.ts';

/** Said once per IPv6 trace (not per packet): what the model leaves out of IPv6 routing. */
export const NO_NEIGHBOUR_DISCOVERY =
  'note: IPv6 neighbour discovery is not modelled: a next hop on a connected subnet is taken as reachable';

export type RouteResult =
  | { kind: 'local'; dev: 'lo'; broadcast: boolean }
  | { kind: 'unicast'; dev: string; via: Addr | null; src: Addr | null; connected: boolean }
  | { kind: 'unreachable' };

interface Candidate {
  net: IpPrefix;
  dev: string;
  via: Addr | null;
  src: Addr | null;
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
      net: r.to ?? { address: r.family === 'ipv6' ? 0n : 0, prefix: 0 },
      dev: r.dev,
      via: r.via,
      src: r.src,
      connected: false,
    });
  return out;
}

export function lookupRoute(host: Host, dst: Addr): RouteResult {
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
  nexthop: Addr,
  routeSrc: Addr | null = null,
): Addr | null {
  if (routeSrc !== null) return routeSrc;
  const family = typeof nexthop;
  const iface = findInterface(host, dev);
  if (iface) {
    const onLink = iface.addresses.find((a) => inPrefix(nexthop, a));
    if (onLink) return onLink.address;
    const primary = iface.addresses.find((a) => typeof a.address === family);
    if (primary) return primary.address;
  }
  for (const i of host.interfaces) {
    if (i.name === 'lo') continue;
    const primary = i.addresses.find((a) => typeof a.address === family);
    if (primary) return primary.address;
  }
  return null;
}

/** The first address of `family` on the interface (REDIRECT's choice); undefined when none. */
export function primaryAddress(host: Host, dev: string, family: Addr): Addr | undefined {
  return findInterface(host, dev)?.addresses.find((a) => typeof a.address === typeof family)
    ?.address;
}

/** The next hop for a route: the gateway, or the destination itself on a connected subnet. */
export function nexthopOf(route: Extract<RouteResult, { kind: 'unicast' }>, dst: Addr): Addr {
  return route.via ?? dst;
}
