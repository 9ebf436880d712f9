/**
 * A journey's endings: the request and the reply put together (what the receiver sees, whether
 * the answer reaches the sender as the address it connected to), and with every branch followed,
 * the journeys grouped by how they end with the sum of their exact probabilities.
 */
import {
  addFractions as add,
  formatFraction,
  fractionToNumber as toNumber,
  type Fraction,
} from '../../netfilter/index.ts';
import { endsText as ends, type PlaceView } from './places.ts';
import type { Journey, JourneyOutcome, LegEnd, Tuple } from './types.ts';

function samePlace(a: PlaceView | null, b: PlaceView): boolean {
  return (
    a !== null &&
    a.kind === b.kind &&
    (a.kind === 'client' ? a.address === b.address : a.name === b.name)
  );
}

export function makeJourney(
  probability: Fraction,
  hops: Journey['hops'],
  request: LegEnd,
  reply: LegEnd | null,
  sent: Tuple,
  from: PlaceView,
): Journey {
  const delivered = request.outcome === 'delivered';
  const back = reply?.packet;
  const replyMatches =
    reply !== null &&
    reply.outcome === 'delivered' &&
    samePlace(reply.at, from) &&
    back !== undefined &&
    back.src === sent.dst &&
    back.sport === sent.dport &&
    back.dst === sent.src &&
    back.dport === sent.sport;
  return {
    probability: toNumber(probability),
    exact: formatFraction(probability),
    hops,
    request,
    sourceSeen: delivered ? ends(request.packet.src, request.packet.sport) : null,
    reply,
    replyMatches,
    verdict: request.verdict,
  };
}

function outcomeKey(j: Journey): string {
  const r = j.request;
  return JSON.stringify([
    r.verdict,
    r.outcome,
    r.at?.name ?? r.node,
    delivered(j),
    j.sourceSeen?.split(':')[0] ?? null,
    j.replyMatches,
  ]);
}

function delivered(j: Journey): string | null {
  return j.request.outcome === 'delivered'
    ? ends(j.request.packet.dst, j.request.packet.dport)
    : null;
}

/** Every distinct ending, with the sum of the probabilities of the journeys that end so. */
export function groupOutcomes(journeys: readonly { j: Journey; p: Fraction }[]): JourneyOutcome[] {
  const groups = new Map<string, { p: Fraction; list: Journey[] }>();
  for (const { j, p } of journeys) {
    const k = outcomeKey(j);
    const g = groups.get(k);
    if (g) {
      g.p = add(g.p, p);
      g.list.push(j);
    } else groups.set(k, { p, list: [j] });
  }
  return [...groups.values()].map(({ p, list }) => {
    const j = list[0]!;
    return {
      probability: toNumber(p),
      exact: formatFraction(p),
      verdict: j.verdict,
      outcome: j.request.outcome,
      endpoint: j.request.outcome === 'delivered' ? j.request.at : null,
      delivered: delivered(j),
      sourceSeen: j.sourceSeen,
      replyMatches: j.replyMatches,
      journeys: list.length,
      journey: j,
    };
  });
}
