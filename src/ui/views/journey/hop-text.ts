/** The words the strip and the hop list put on a journey: addresses, NAT, each box's notes. */
import type {
  Journey,
  JourneyHop,
  Translation,
  TranslationKind,
  Tuple,
} from '../../../engine/cluster/journey/index.ts';
import { addrPort } from '../shared/format.ts';
import type { StripColumn } from './strip-layout.ts';
import type { JourneyStrings } from './strings.ts';

/** `10.42.0.10:40000`, `[fd00:10:244:1::20]:40000` */
export const endpoint = addrPort;

/** `10.42.0.10:40000 → 10.43.62.130:80` */
export function tupleText(t: Tuple): string {
  return `${endpoint(t.src, t.sport)} → ${endpoint(t.dst, t.dport)}`;
}

/** The kinds that rewrite the destination; the others rewrite the source. */
export function rewritesDestination(kind: TranslationKind): boolean {
  return kind === 'dnat' || kind === 'un-snat';
}

/** The end of the packet a translation rewrote, as it left it: `10.42.0.69:8080`. */
export function rewrittenEnd(x: Translation): string {
  const a = x.after;
  return rewritesDestination(x.kind) ? endpoint(a.dst, a.dport) : endpoint(a.src, a.sport);
}

/** Who did it: `rule KUBE-SEP-…#2` or conntrack. */
export function translatedBy(x: Translation, t: JourneyStrings): string {
  return x.rule ? t.byRule(x.rule.chain, x.rule.index) : t.byConntrack;
}

/** The whole story of one translation in a line: `DNAT, PREROUTING, rule …: a → b ⇒ a → c`. */
export function translationText(x: Translation, t: JourneyStrings): string {
  return `${t.natKind[x.kind]} · ${x.hook} · ${translatedBy(x, t)}: ${tupleText(x.before)} ⇒ ${tupleText(x.after)}`;
}

export type Tone = 'plain' | 'nat' | 'ok' | 'bad';

export interface Note {
  text: string;
  tone: Tone;
  title?: string;
  /** a translation's line: its kind, for a look of its own besides the colour */
  nat?: TranslationKind;
}

/**
 * What a node did to the packet in one direction: every translation in order (its kind and the
 * end it rewrote; the whole story in the tooltip), else how the packet left, else its verdict.
 */
function nodeNotes(hops: readonly JourneyHop[], t: JourneyStrings): Note[] {
  const last = hops[hops.length - 1];
  if (!last) return [];
  if (last.verdict !== 'ACCEPT')
    return [
      { text: last.verdict, tone: 'bad', ...(last.decidedBy ? { title: last.decidedBy } : {}) },
    ];
  const done = hops.flatMap((h) => h.translations);
  if (done.length === 0) return [{ text: t.fate[last.fate] ?? last.fate, tone: 'plain' }];
  return done.map((x) => ({
    text: `${t.natShort[x.kind]} ${rewrittenEnd(x)}`,
    tone: 'nat',
    title: `${translationText(x, t)}\n${t.natWhat[x.kind]}`,
    nat: x.kind,
  }));
}

/** The lines under a box's name: the request's, then the reply's. */
export function boxNotes(col: StripColumn, j: Journey, t: JourneyStrings): [Note[], Note[]] {
  if (col.kind === 'node') {
    const hops = col.hops.map((i) => j.hops[i]!);
    return [
      nodeNotes(
        hops.filter((h) => h.direction === 'request'),
        t,
      ),
      nodeNotes(
        hops.filter((h) => h.direction === 'reply'),
        t,
      ),
    ];
  }
  const one = (n: Note | null): Note[] => (n ? [n] : []);
  if (col.receiver)
    return [
      one(j.sourceSeen ? { text: t.sees(j.sourceSeen), tone: 'ok' } : null),
      one(j.reply ? { text: t.answers, tone: 'plain' } : null),
    ];
  if (col.sender) {
    const back = j.reply?.outcome === 'delivered' ? j.reply.packet : null;
    return [
      [{ text: t.sends, tone: 'plain' }],
      one(
        back
          ? { text: t.gets(endpoint(back.src, back.sport)), tone: j.replyMatches ? 'ok' : 'bad' }
          : null,
      ),
    ];
  }
  return [[], []];
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
