/** `-m sctp`: SCTP ports (as with tcp) and the chunk types an SCTP packet carries. */
import type { Negatable } from '../../rules/model-face.ts';
import { bang, defineMatch, type ModuleContext, type ParsedOption } from '../types.ts';
import { formatPortRange, parsePort, type PortRange } from '../values.ts';
import { reportRepeated } from '../option-checks.ts';
import { requireProtocol } from './checks.ts';
import { portRangeList } from './ports-list.ts';
import type { MatchEvaluator } from '../evaluate.ts';
import { portsMatch } from './tcp.ts';

/** Chunk types by name, with the flag letters each may test (position = bit 7 … bit 0). */
const CHUNKS: readonly { name: string; type: number; flags: string }[] = [
  { name: 'DATA', type: 0, flags: '----IUBE' },
  { name: 'INIT', type: 1, flags: '--------' },
  { name: 'INIT_ACK', type: 2, flags: '--------' },
  { name: 'SACK', type: 3, flags: '--------' },
  { name: 'HEARTBEAT', type: 4, flags: '--------' },
  { name: 'HEARTBEAT_ACK', type: 5, flags: '--------' },
  { name: 'ABORT', type: 6, flags: '-------T' },
  { name: 'SHUTDOWN', type: 7, flags: '--------' },
  { name: 'SHUTDOWN_ACK', type: 8, flags: '--------' },
  { name: 'ERROR', type: 9, flags: '--------' },
  { name: 'COOKIE_ECHO', type: 10, flags: '--------' },
  { name: 'COOKIE_ACK', type: 11, flags: '--------' },
  { name: 'ECN_ECNE', type: 12, flags: '--------' },
  { name: 'ECN_CWR', type: 13, flags: '--------' },
  { name: 'SHUTDOWN_COMPLETE', type: 14, flags: '-------T' },
  { name: 'I_DATA', type: 64, flags: '----IUBE' },
  { name: 'RE_CONFIG', type: 130, flags: '--------' },
  { name: 'PAD', type: 132, flags: '--------' },
  { name: 'ASCONF', type: 193, flags: '--------' },
  { name: 'ASCONF_ACK', type: 128, flags: '--------' },
  { name: 'FORWARD_TSN', type: 192, flags: '--------' },
  { name: 'I_FORWARD_TSN', type: 194, flags: '--------' },
];

/** The kernel keeps flag tests for at most this many chunk types. */
const MAX_FLAGGED_CHUNKS = 4;

export interface SctpChunk {
  type: number;
  /** the flag letters tested, upper-case for "set", lower-case for "clear", in the kernel's bit order */
  flags?: string;
}

export interface SctpChunkMatch {
  /** any: one of them is present; all: every one is; only: no other type is */
  mode: 'any' | 'all' | 'only';
  /** ALL and NONE are the whole set and the empty set of types */
  chunks: 'ALL' | 'NONE' | SctpChunk[];
}

export interface SctpData {
  sport?: Negatable<PortRange>;
  dport?: Negatable<PortRange>;
  chunkTypes?: Negatable<SctpChunkMatch>;
}

/** Numbers only (iptables looks names up as SCTP services, which /etc/services hardly lists); FROM:TO must not be inverted. */
function parseSctpPorts(o: ParsedOption, ctx: ModuleContext): Negatable<PortRange> | undefined {
  const text = o.args[0] ?? '';
  // numbers as strtoul reads them (0x50, 017); no service name is listed for sctp here
  const num = (s: string, dflt: number) => (s === '' ? dflt : parsePort(s, false, 'sctp'));
  const colon = text.indexOf(':');
  const from = colon < 0 ? num(text, -1) : num(text.slice(0, colon), 0);
  const to = colon < 0 ? from : num(text.slice(colon + 1), 65535);
  if (from === undefined || to === undefined || from < 0) {
    ctx.report(
      'bad-port',
      `"${text}" is not a port or port range (expected 0-65535 or FROM:TO)`,
      o.span,
    );
    return undefined;
  }
  if (from > to) {
    ctx.report(
      'bad-port',
      `port range ${text} is inverted (iptables wants FROM <= TO for sctp)`,
      o.span,
    );
    return undefined;
  }
  return { value: { from, to }, negated: o.negated };
}

function flagLetters(spec: string, chunk: (typeof CHUNKS)[number]): string | undefined {
  const set = new Map<number, boolean>();
  for (const ch of spec) {
    const pos = chunk.flags.indexOf(ch.toUpperCase());
    if (ch === '-' || pos < 0) return undefined;
    // a letter given both ways counts as "set", as in iptables
    set.set(pos, (set.get(pos) ?? false) || ch === ch.toUpperCase());
  }
  return [...set.keys()]
    .sort((a, b) => a - b)
    .map((p) => (set.get(p) ? chunk.flags[p]! : chunk.flags[p]!.toLowerCase()))
    .join('');
}

function parseChunkTypes(
  o: ParsedOption,
  ctx: ModuleContext,
): Negatable<SctpChunkMatch> | undefined {
  const mode = (o.args[0] ?? '').toLowerCase();
  const list = o.args[1] ?? '';
  if (mode !== 'any' && mode !== 'all' && mode !== 'only') {
    ctx.report(
      'bad-value',
      `--chunk-types needs any, all or only first, not "${o.args[0] ?? ''}"`,
      o.span,
    );
    return undefined;
  }
  const upper = list.toUpperCase();
  if (upper === 'ALL' || upper === 'NONE')
    return { value: { mode, chunks: upper }, negated: o.negated };
  const byType = new Map<number, SctpChunk>();
  let flagged = 0;
  for (const item of list.split(',').filter((s) => s !== '')) {
    const colon = item.indexOf(':');
    const name = (colon < 0 ? item : item.slice(0, colon)).toUpperCase();
    const chunk = CHUNKS.find((c) => c.name === name);
    if (!chunk) {
      ctx.report('bad-value', `unknown SCTP chunk type "${name}"`, o.span);
      return undefined;
    }
    const entry = byType.get(chunk.type) ?? { type: chunk.type };
    if (colon >= 0) {
      const flags = flagLetters(item.slice(colon + 1), chunk);
      if (flags === undefined) {
        ctx.report(
          'bad-value',
          `invalid flags "${item.slice(colon + 1)}" for chunk type ${chunk.name}`,
          o.span,
        );
        return undefined;
      }
      if (chunk.type !== CHUNKS.indexOf(chunk)) {
        // iptables files these flags under the chunk's table index, not its type: they never apply
        ctx.report(
          'bad-value',
          `iptables drops the flags of ${chunk.name}; they are ignored`,
          o.span,
          'warning',
        );
      } else if (flags) {
        if (++flagged > MAX_FLAGGED_CHUNKS)
          ctx.report(
            'bad-value',
            `flags may be tested on at most ${MAX_FLAGGED_CHUNKS} chunk types`,
            o.span,
          );
        entry.flags = flags;
      }
    }
    byType.set(chunk.type, entry);
  }
  if (byType.size === 0) {
    ctx.report('bad-value', '--chunk-types needs a list of chunk types, ALL or NONE', o.span);
    return undefined;
  }
  const chunks = [...byType.values()].sort((a, b) => a.type - b.type);
  return { value: { mode, chunks }, negated: o.negated };
}

/** Names in iptables-save, 0x%04X numbers in `-L -n`. */
function chunkWords(m: SctpChunkMatch, numeric: boolean): string[] {
  if (typeof m.chunks === 'string') return [m.mode, m.chunks];
  const items = m.chunks.map((c) => {
    const name = numeric
      ? `0x${c.type.toString(16).toUpperCase().padStart(4, '0')}`
      : (CHUNKS.find((k) => k.type === c.type)?.name ?? String(c.type));
    return c.flags ? `${name}:${c.flags}` : name;
  });
  return [m.mode, items.join(',')];
}

const evaluate: MatchEvaluator<SctpData> = (d, ctx) => {
  if (portsMatch('sctp', d, ctx) === 'nomatch') return 'nomatch';
  // the chunks inside an SCTP packet are not simulated
  return d.chunkTypes ? 'unknown' : 'match';
};

export const sctp = defineMatch<SctpData>({
  name: 'sctp',
  evaluate,
  options: [
    { name: 'sport', aliases: ['source-port'], args: 1, negatable: true },
    { name: 'dport', aliases: ['destination-port'], args: 1, negatable: true },
    { name: 'chunk-types', args: 2, negatable: true },
  ],
  parse(options, ctx) {
    const data: SctpData = {};
    reportRepeated('sctp', options, ctx);
    requireProtocol('sctp', ['sctp'], ctx);
    for (const o of options) {
      if (o.name === 'chunk-types') {
        const c = parseChunkTypes(o, ctx);
        if (c) data.chunkTypes = c;
        continue;
      }
      const p = parseSctpPorts(o, ctx);
      if (p && o.name === 'sport') data.sport = p;
      else if (p) data.dport = p;
    }
    return data;
  },
  save(d) {
    const out: string[] = [];
    if (d.sport) out.push(...bang(d.sport.negated), '--sport', formatPortRange(d.sport.value));
    if (d.dport) out.push(...bang(d.dport.negated), '--dport', formatPortRange(d.dport.value));
    if (d.chunkTypes)
      out.push(
        ...bang(d.chunkTypes.negated),
        '--chunk-types',
        ...chunkWords(d.chunkTypes.value, false),
      );
    return out;
  },
  list(d) {
    const parts = ['sctp'];
    // -L leaves out a port range that covers every port
    const shown = (r: Negatable<PortRange>) =>
      r.negated || r.value.from !== 0 || r.value.to !== 65535;
    if (d.sport && shown(d.sport)) parts.push(portRangeList('spt', d.sport));
    if (d.dport && shown(d.dport)) parts.push(portRangeList('dpt', d.dport));
    if (d.chunkTypes)
      parts.push(...bang(d.chunkTypes.negated), ...chunkWords(d.chunkTypes.value, true));
    return parts.join(' ');
  },
  explain(d, lang) {
    const ko = lang === 'ko';
    const parts: string[] = [];
    const range = (r: Negatable<PortRange>) =>
      `${r.negated ? (ko ? '제외 ' : 'not ') : ''}${formatPortRange(r.value, '-')}`;
    if (d.dport)
      parts.push(ko ? `목적지 포트 ${range(d.dport)}` : `destination port ${range(d.dport)}`);
    if (d.sport) parts.push(ko ? `출발지 포트 ${range(d.sport)}` : `source port ${range(d.sport)}`);
    if (d.chunkTypes) {
      const c = d.chunkTypes.value;
      const list =
        c.chunks === 'ALL'
          ? ko
            ? '모든 종류'
            : 'every type'
          : c.chunks === 'NONE'
            ? ko
              ? '(없음)'
              : '(none)'
            : c.chunks
                .map(
                  (k) =>
                    (CHUNKS.find((x) => x.type === k.type)?.name ?? String(k.type)) +
                    (k.flags ? `:${k.flags}` : ''),
                )
                .join(', ');
      const not = d.chunkTypes.negated;
      if (ko)
        parts.push(
          `청크 ${list}${{ any: ' 중 하나라도 있음', all: ' 모두 있음', only: '만 있음' }[c.mode]}${not ? ' (반전)' : ''}`,
        );
      else
        parts.push(
          `${not ? 'not ' : ''}${{ any: 'any of', all: 'all of', only: 'only' }[c.mode]} chunks ${list}`,
        );
    }
    return parts.length ? `SCTP: ${parts.join(', ')}` : 'SCTP';
  },
});
