/** A journey for people: one block per hop, the ending, the reply, and the odds of each ending. */
import { describeStep } from '../../netfilter/index.ts';
import { endsText, placeLabel, type PlaceView } from './places.ts';
import type {
  Journey,
  JourneyHop,
  JourneyNote,
  JourneyResult,
  LegEnd,
  Translation,
  TranslationKind,
  Tuple,
} from './types.ts';

export { POD_NETWORK_NOTE, ROUTED_POD_NETWORK_NOTE } from './pod-network-notes.ts';

/** A note's English line, as `journey` prints it after `note:`. */
export function noteText(n: JourneyNote): string {
  switch (n.kind) {
    case 'entry-assumed':
      return `the packet from outside for ${n.address} reaches ${n.node}, the first node: the load balancer or router in front of the cluster is not modelled (a flow's "via" picks the node)`;
    case 'no-node':
      return 'the cluster has no node for the packet to reach';
    case 'cut-short':
      return 'the enumeration was cut short: some endings may be missing';
  }
}

const ends = endsText;

function tuple(t: Tuple): string {
  return `${t.proto} ${ends(t.src, t.sport)} → ${ends(t.dst, t.dport)}`;
}

const KIND: Record<TranslationKind, string> = {
  dnat: 'DNAT',
  snat: 'SNAT',
  masquerade: 'MASQUERADE',
  'un-dnat': 'un-DNAT',
  'un-snat': 'un-SNAT',
};

/** `request DNAT at PREROUTING by KUBE-SEP-…#1: 10.42.1.10:41000 → 10.43.62.130:80 ⇒ …` */
export function translationLine(x: Translation): string {
  const by = x.rule ? `${x.rule.chain}#${x.rule.index}` : 'conntrack';
  const ends2 = (t: Tuple) => `${ends(t.src, t.sport)} → ${ends(t.dst, t.dport)}`;
  return `${x.direction} ${KIND[x.kind]} at ${x.hook} by ${by}: ${ends2(x.before)} ⇒ ${ends2(x.after)}`;
}

function percent(p: number): string {
  return `${(p * 100).toFixed(4)} %`;
}

function hopLines(h: JourneyHop, n: number, steps: boolean): string[] {
  const inText =
    h.in === null ? 'sent by the node' : `in ${h.in}${h.inPort ? ` (port ${h.inPort})` : ''}`;
  const lines = [`  ${n}. ${h.node}, ${inText}: ${tuple(h.before)}`];
  if (steps) for (const s of h.trace.steps) lines.push(`       | ${describeStep(s)}`);
  for (const x of h.translations) lines.push(`       ${translationLine(x)}`);
  const odds = h.exact === '1' ? '' : ` [random choice: ${percent(h.probability)}]`;
  const out = h.fate === 'forward' || h.fate === 'output' ? ` out ${h.out}` : '';
  lines.push(`       ${h.verdict} (${h.fate}${out}): ${tuple(h.after)} — ${h.next}${odds}`);
  return lines;
}

function endLine(e: LegEnd): string {
  if (e.outcome === 'delivered' && e.at)
    return `delivered to ${placeLabel(e.at)} at ${ends(e.packet.dst, e.packet.dport)}`;
  if (e.outcome === 'hop-limit') return `stopped at ${e.node}: ${e.reason ?? 'too many hops'}`;
  return `${e.verdict} on ${e.node}${e.reason ? `: ${e.reason}` : ''}`;
}

export function describeJourney(j: Journey, steps = false): string[] {
  const lines: string[] = [];
  let n = 0;
  lines.push('request:');
  for (const h of j.hops.filter((x) => x.direction === 'request'))
    lines.push(...hopLines(h, ++n, steps));
  lines.push(`  => ${endLine(j.request)}`);
  if (j.sourceSeen) lines.push(`  => the receiver sees the source ${j.sourceSeen}`);
  if (j.reply) {
    lines.push('reply:');
    for (const h of j.hops.filter((x) => x.direction === 'reply'))
      lines.push(...hopLines(h, ++n, steps));
    lines.push(`  => ${endLine(j.reply)}`);
    lines.push(
      j.replyMatches
        ? `  => the sender gets the answer from ${ends(j.reply.packet.src, j.reply.packet.sport)}, the address it connected to: the connection works`
        : '  => the answer does not come back to the sender as the address it connected to: the connection fails',
    );
  }
  return lines;
}

export function describeJourneyResult(r: JourneyResult, steps = false): string {
  const lines: string[] = [];
  if (r.flow) {
    const f = r.flow;
    lines.push(
      `journey: ${f.proto} from ${placeLabel(f.from)} (${ends(f.from.address, f.sport)}) to ${f.to}${f.toRole ? ` (${f.toRole})` : ''}, entering at ${f.entry}`,
    );
  }
  lines.push(`note: ${r.podNetwork}`);
  for (const note of r.notes) lines.push(`note: ${note}`);
  if (r.journey) {
    lines.push('');
    if (r.outcomes)
      lines.push(
        `first of the enumerated journeys (probability ${percent(r.journey.probability)}):`,
      );
    lines.push(...describeJourney(r.journey, steps));
  }
  if (r.outcomes) {
    lines.push(
      '',
      `endings (${r.outcomes.length}${r.complete === false ? ', enumeration cut short' : ''}):`,
    );
    for (const o of r.outcomes) {
      const what =
        o.outcome === 'delivered' && o.endpoint
          ? `delivered to ${placeLabel(o.endpoint)} at ${o.delivered}, source seen ${o.sourceSeen}${o.replyMatches ? '' : ', reply lost'}`
          : `${o.verdict} on ${o.journey.request.node}`;
      lines.push(`  ${percent(o.probability).padStart(10)}  ${what}  (exact ${o.exact})`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** One line for a place: `pod default/web-0 (10.42.0.43)`. */
export function describePlace(p: PlaceView): string {
  return p.kind === 'client' && p.name === p.address
    ? p.address
    : `${placeLabel(p)} (${p.address})`;
}
