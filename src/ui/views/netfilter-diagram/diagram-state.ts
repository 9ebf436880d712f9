/**
 * What the diagram shows at a step, worked out from the trace alone: the places the packet has
 * been (hooks, the tables inside them, routing decisions), the way between them, where it is
 * now, verdicts where they fell and the NAT changes made so far.
 */
import type { Hook } from '../../../engine/netfilter/hooks.ts';
import type { TraceStep, Verdict } from '../../../engine/netfilter/trace.ts';
import { addrPort } from '../shared/format.ts';
import { edgeId, hookId, stageId, type PlaceId } from './layout.ts';

export interface Badge {
  at: PlaceId;
  verdict: Verdict;
}

export interface NatNote {
  at: PlaceId;
  hook: Hook;
  type: 'DNAT' | 'SNAT';
  change: string;
}

export interface DiagramState {
  visited: Set<PlaceId>;
  skipped: Set<PlaceId>;
  edges: Set<string>;
  /** where the packet is (null before the first step) */
  current: PlaceId | null;
  /** the hook the current place belongs to */
  currentHook: PlaceId | null;
  badges: Badge[];
  nat: NatNote[];
  inIface: string | null;
  outIface: string | null;
}

/** Places between two hook-level places that are not joined directly. */
const VIA: Record<string, PlaceId[]> = {
  [`${hookId('PREROUTING')}>${hookId('FORWARD')}`]: ['route-in'],
  [`${hookId('PREROUTING')}>${hookId('INPUT')}`]: ['route-in'],
  [`${hookId('OUTPUT')}>${hookId('POSTROUTING')}`]: ['route-out'],
  [`${hookId('INPUT')}>route-local`]: ['local'],
  [`${hookId('INPUT')}>${hookId('OUTPUT')}`]: ['local', 'route-local'],
  [`local>${hookId('OUTPUT')}`]: ['route-local'],
};

const ROUTE_DROPS = new Set(['unreachable', 'martian', 'no-forwarding']);

/** The place a step puts the packet in, and the hook-level place it belongs to. */
function placeOf(s: TraceStep, lastHook: Hook | null): { at: PlaceId; level: PlaceId } | null {
  switch (s.kind) {
    case 'hook-enter':
      return { at: hookId(s.hook), level: hookId(s.hook) };
    case 'route': {
      // an OUTPUT decision before the OUTPUT hook is the local packet's first routing
      const id =
        s.hook === 'PREROUTING'
          ? 'route-in'
          : s.decision === 'reroute' || lastHook === 'OUTPUT'
            ? 'route-out'
            : 'route-local';
      return { at: id, level: id };
    }
    case 'conntrack': {
      const stage = s.op === 'confirm' ? 'confirm' : 'conntrack';
      return { at: stageId(s.hook, stage), level: hookId(s.hook) };
    }
    default:
      if ('table' in s) return { at: stageId(s.hook, s.table), level: hookId(s.hook) };
      return null;
  }
}

export function diagramState(steps: readonly TraceStep[], current: number): DiagramState {
  const st: DiagramState = {
    visited: new Set(),
    skipped: new Set(),
    edges: new Set(),
    current: null,
    currentHook: null,
    badges: [],
    nat: [],
    inIface: null,
    outIface: null,
  };
  const last = Math.min(current, steps.length - 1);
  let level: PlaceId | null = null;
  let lastHook: Hook | null = null;
  const walk = (to: PlaceId) => {
    if (level === null || level === to) {
      level = to;
      return;
    }
    const chain = [level, ...(VIA[edgeId(level, to)] ?? []), to];
    for (let i = 1; i < chain.length; i++) {
      const a = chain[i - 1] as PlaceId;
      const b = chain[i] as PlaceId;
      st.visited.add(b);
      st.edges.add(edgeId(a, b));
    }
    level = to;
  };
  for (let i = 0; i <= last; i++) {
    const s = steps[i];
    if (!s) continue;
    if (i === 0) {
      const first = s.kind === 'hook-enter' && s.in !== null ? 'in' : 'local';
      st.visited.add(first);
      level = first;
    }
    if (s.kind === 'hook-enter') {
      if (s.in !== null && st.inIface === null) st.inIface = s.in;
      if (s.loopback) level = null;
    }
    if (s.kind === 'route' && s.outInterface) st.outIface = s.outInterface;
    const p = placeOf(s, lastHook);
    if (!p) continue;
    walk(p.level);
    st.visited.add(p.level);
    st.visited.add(p.at);
    st.current = p.at;
    st.currentHook = p.level;
    if (s.kind === 'hook-enter') lastHook = s.hook;
    if (s.kind === 'table-skip') st.skipped.add(p.at);
    if (s.kind === 'verdict' && s.verdict !== 'ACCEPT')
      st.badges.push({ at: p.at, verdict: s.verdict });
    if (s.kind === 'policy' && s.verdict === 'DROP') st.badges.push({ at: p.at, verdict: 'DROP' });
    if (s.kind === 'route' && ROUTE_DROPS.has(s.decision))
      st.badges.push({ at: p.at, verdict: 'DROP' });
    if (s.kind === 'nat')
      st.nat.push({
        at: p.at,
        hook: s.hook,
        type: s.type,
        change: `${addrPort(s.before.addr, s.before.port)} → ${addrPort(s.after.addr, s.after.port)}`,
      });
  }
  // at the last step of an accepted trace the packet leaves: out, or up to a local process
  if (last === steps.length - 1 && last >= 0 && st.badges.length === 0) {
    const exit =
      level === hookId('POSTROUTING') ? 'out' : level === hookId('INPUT') ? 'local' : null;
    if (exit) {
      walk(exit);
      st.visited.add(exit);
      st.current = exit;
      st.currentHook = exit;
      st.badges.push({ at: exit, verdict: 'ACCEPT' });
    }
  }
  return st;
}
