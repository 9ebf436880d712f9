/**
 * A node's address translations read from its trace, each named by what it does to the
 * connection (DNAT, SNAT, MASQUERADE, or conntrack undoing one on the reply) rather than by the
 * side of the packet it rewrote: a reply's source rewrite is the request's DNAT undone.
 */
import type { NatStep, PacketTrace, PacketView } from '../../netfilter/index.ts';
import type { Direction, Translation, TranslationKind, Tuple } from './types.ts';

function kindOf(s: NatStep): TranslationKind {
  // on a reply, rewriting the destination undoes the request's SNAT, the source its DNAT
  if (s.reply) return s.type === 'DNAT' ? 'un-snat' : 'un-dnat';
  if (s.type === 'DNAT') return 'dnat';
  return s.target === 'MASQUERADE' ? 'masquerade' : 'snat';
}

function tupleOf(p: PacketView): Tuple {
  return { proto: p.proto, src: p.src, sport: p.sport, dst: p.dst, dport: p.dport };
}

/** The packet before the step: the packet after it with the rewritten end put back. */
function beforeOf(s: NatStep, after: Tuple): Tuple {
  const port = (was: number | null, now: number | null) => (was === null ? now : was);
  return s.type === 'DNAT'
    ? { ...after, dst: s.before.addr, dport: port(s.before.port, after.dport) }
    : { ...after, src: s.before.addr, sport: port(s.before.port, after.sport) };
}

/** Every translation in the trace, in the order the packet met them. */
export function translationsOf(trace: PacketTrace, direction: Direction): Translation[] {
  const out: Translation[] = [];
  for (const s of trace.steps) {
    if (s.kind !== 'nat') continue;
    const after = tupleOf(s.packet);
    const t: Translation = {
      kind: kindOf(s),
      direction,
      hook: s.hook,
      by: s.fromConntrack ? 'conntrack' : 'rule',
      before: beforeOf(s, after),
      after,
    };
    if (!s.fromConntrack && s.chain && s.rule !== undefined && s.ruleText && s.target)
      t.rule = {
        table: s.table,
        chain: s.chain,
        index: s.rule,
        target: s.target,
        text: s.ruleText,
      };
    out.push(t);
  }
  return out;
}
