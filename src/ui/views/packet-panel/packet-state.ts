/**
 * The packet as it is after a step: its addresses, ports, mark, conntrack state and interfaces,
 * which fields the step itself changed, and what they were when the packet arrived.
 */
import type { CtState, TraceStep } from '../../../engine/netfilter/trace.ts';
import type { PacketView } from '../../../engine/netfilter/packet.ts';
import { isConntrack, isHookEnter, isRoute, lastBefore } from '../shared/steps.ts';

export type PacketField =
  | 'src'
  | 'sport'
  | 'dst'
  | 'dport'
  | 'proto'
  | 'mark'
  | 'ttl'
  | 'tos'
  | 'length'
  | 'ctstate'
  | 'in'
  | 'out';

export const FIELDS: readonly PacketField[] = [
  'proto',
  'src',
  'sport',
  'dst',
  'dport',
  'mark',
  'ttl',
  'tos',
  'length',
  'ctstate',
  'in',
  'out',
];

export type PacketValues = Record<PacketField, string>;

export interface PacketPanelState {
  values: PacketValues;
  /** fields the current step changed */
  changed: Set<PacketField>;
  /** what a changed-since-arrival field was when the packet arrived */
  was: Partial<PacketValues>;
  /** DNAT, SNAT, MARK, a rewriting target (TTL, DSCP …) or 'kernel': why the fields changed */
  cause: string | null;
}

const dash = '—';

/** The fields a step can rewrite in the packet itself. */
const PACKET_FIELDS = [
  'proto',
  'src',
  'sport',
  'dst',
  'dport',
  'mark',
  'ttl',
  'tos',
  'length',
] as const;
type PacketOwnField = (typeof PACKET_FIELDS)[number];

function packetValues(p: PacketView): Pick<PacketValues, PacketOwnField> {
  return {
    proto: p.proto + (p.tcpFlags ? ` ${p.tcpFlags}` : ''),
    src: p.src,
    sport: p.sport === null ? dash : String(p.sport),
    dst: p.dst,
    dport: p.dport === null ? dash : String(p.dport),
    mark: `0x${(p.mark >>> 0).toString(16)}`,
    ttl: String(p.ttl),
    // the DSCP is the upper six bits, as -m dscp reads it
    tos: `0x${p.tos.toString(16).padStart(2, '0')} (DSCP ${p.tos >>> 2}, ECN ${p.tos & 3})`,
    length: String(p.length),
  };
}

function valuesAt(steps: readonly TraceStep[], i: number): PacketValues | null {
  const s = steps[Math.max(0, Math.min(i, steps.length - 1))];
  if (!s) return null;
  const hook = lastBefore(steps, i, isHookEnter);
  const route = lastBefore(steps, i, isRoute);
  const ct = lastBefore(steps, i, isConntrack);
  // the out interface shows from the routing decision on, and a later hook's own view wins
  const routeAfterHook = route && hook && steps.lastIndexOf(route) > steps.lastIndexOf(hook);
  const out = routeAfterHook ? route.outInterface : (hook?.out ?? route?.outInterface ?? null);
  const iface = (name: string | null | undefined, phys: string | null | undefined) =>
    name ? (phys ? `${name} (${phys})` : name) : dash;
  const ctState: CtState | null = ct?.state ?? null;
  return {
    ...packetValues(s.packet),
    ctstate: ctState ?? dash,
    in: iface(hook?.in, hook?.physIn),
    out: routeAfterHook ? iface(out, null) : iface(out, hook?.physOut),
  };
}

export function packetPanelState(
  steps: readonly TraceStep[],
  current: number,
): PacketPanelState | null {
  // before the first step the packet is as it arrives: the first step's view, no interfaces yet
  const values = valuesAt(steps, Math.max(current, 0));
  if (!values) return null;
  const changed = new Set<PacketField>();
  const was: Partial<PacketValues> = {};
  let cause: string | null = null;
  if (current >= 0) {
    const s = steps[current];
    const before = current > 0 ? valuesAt(steps, current - 1) : null;
    if (s && before && (s.kind === 'nat' || s.kind === 'mark' || s.kind === 'rewrite')) {
      for (const f of PACKET_FIELDS) if (before[f] !== values[f]) changed.add(f);
      cause =
        s.kind === 'nat'
          ? s.type
          : s.kind === 'rewrite'
            ? (s.target ?? 'kernel')
            : s.what === 'mark'
              ? 'MARK'
              : 'CONNMARK';
    }
    const first = valuesAt(steps, 0);
    if (first) for (const f of PACKET_FIELDS) if (first[f] !== values[f]) was[f] = first[f];
  } else {
    values.in = dash;
    values.out = dash;
    values.ctstate = dash;
  }
  return { values, changed, was, cause };
}
