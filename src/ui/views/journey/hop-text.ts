/** The words the strip and the hop list put on a journey: addresses, NAT, each box's notes. */
import type { Journey, JourneyHop, NatDone, Tuple } from '../../../engine/cluster/journey/index.ts';
import type { StripColumn } from './strip-layout.ts';
import type { JourneyStrings } from './strings.ts';

export function endpoint(addr: string, port: number | null): string {
  return port === null ? addr : `${addr}:${port}`;
}

/** `10.42.0.10:40000 → 10.43.62.130:80` */
export function tupleText(t: Tuple): string {
  return `${endpoint(t.src, t.sport)} → ${endpoint(t.dst, t.dport)}`;
}

/** `DNAT 10.43.62.130:80 → 10.42.1.41:8080 (from conntrack, undoes the DNAT)` */
export function natText(n: NatDone, t: JourneyStrings): string {
  const why = [n.fromConntrack ? t.conntrack : null, n.undoes ? t.undoes(n.undoes) : null].filter(
    (x) => x !== null,
  );
  return `${n.type} ${n.before} → ${n.after}${why.length ? ` (${why.join(', ')})` : ''}`;
}

export type Tone = 'plain' | 'nat' | 'ok' | 'bad';

export interface Note {
  text: string;
  tone: Tone;
  title?: string;
}

const NONE: Note = { text: '', tone: 'plain' };

/** One line for what a node did to the packet in one direction: its NAT, else its fate. */
function nodeNote(hops: readonly JourneyHop[], t: JourneyStrings): Note {
  const last = hops[hops.length - 1];
  if (!last) return NONE;
  const nat = hops.flatMap((h) => h.nat);
  const lastNat = nat[nat.length - 1];
  if (last.verdict !== 'ACCEPT')
    return {
      text: last.verdict,
      tone: 'bad',
      ...(last.decidedBy ? { title: last.decidedBy } : {}),
    };
  if (lastNat)
    return {
      text: `${lastNat.type} ${lastNat.after}`,
      tone: 'nat',
      title: nat.map((n) => natText(n, t)).join('\n'),
    };
  return { text: t.fate[last.fate] ?? last.fate, tone: 'plain' };
}

/** The two lines under a box's name: the request's line, then the reply's. */
export function boxNotes(col: StripColumn, j: Journey, t: JourneyStrings): [Note, Note] {
  if (col.kind === 'node') {
    const hops = col.hops.map((i) => j.hops[i]!);
    return [
      nodeNote(
        hops.filter((h) => h.direction === 'request'),
        t,
      ),
      nodeNote(
        hops.filter((h) => h.direction === 'reply'),
        t,
      ),
    ];
  }
  if (col.receiver)
    return [
      j.sourceSeen ? { text: t.sees(j.sourceSeen), tone: 'ok' } : NONE,
      j.reply ? { text: t.answers, tone: 'plain' } : NONE,
    ];
  if (col.sender) {
    const back = j.reply?.outcome === 'delivered' ? j.reply.packet : null;
    return [
      { text: t.sends, tone: 'plain' },
      back
        ? { text: t.gets(endpoint(back.src, back.sport)), tone: j.replyMatches ? 'ok' : 'bad' }
        : NONE,
    ];
  }
  return [NONE, NONE];
}

/** What the hop list says about one hop: where it came in and left, and what changed. */
export function hopLine(h: JourneyHop, t: JourneyStrings): string {
  const inText = h.in === null ? t.fromNode : t.inIf(h.in, h.inPort);
  const outText = h.out === null ? (h.fate === 'local' ? t.toNode : '') : t.outIf(h.out);
  const changed =
    tupleText(h.before) === tupleText(h.after)
      ? tupleText(h.before)
      : `${tupleText(h.before)} ⇒ ${tupleText(h.after)}`;
  return [inText, outText, changed].filter((x) => x !== '').join(' · ');
}
