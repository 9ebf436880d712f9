/**
 * `-m set --match-set NAME FLAGS`: membership of the packet in an ipset. FLAGS say, for each
 * dimension of the set's type (`hash:ip,port,ip` has three), whether to take the packet's source
 * or destination. Calico and kube-proxy (KUBE-LOOP-BACK) use it. iptables-save prints the
 * options in a fixed order: the set, --return-nomatch, ! --update-counters,
 * ! --update-subcounters, then the packet and byte counter tests.
 */
import { bang, defineMatch, type ModuleContext, type ParsedOption } from '../types.ts';
import { reportRepeated, requireOneOf } from '../option-checks.ts';
import { held, type MatchEvaluator } from '../evaluate.ts';
import { re, w } from '../list-text.ts';

/** the kernel's IPSET_DIM_MAX */
export const SET_MAX_DIMENSIONS = 6;
/** IPSET_MAXNAMELEN less the terminating NUL */
export const SET_MAX_NAME = 31;

export type CounterOp = 'eq' | 'lt' | 'gt';

export interface CounterTest {
  op: CounterOp;
  /** a 64-bit count, kept as decimal text so it survives JSON exactly */
  value: string;
  /** only `eq` can be negated */
  negated: boolean;
}

export interface SetData {
  name: string;
  flags: ('src' | 'dst')[];
  negated: boolean;
  /** reverses the answer for set types with `nomatch` members: only those then match */
  returnNomatch?: true;
  /** `! --update-counters`: leave the member's counters alone */
  noUpdateCounters?: true;
  noUpdateSubcounters?: true;
  packets?: CounterTest;
  bytes?: CounterTest;
}

const MAX_U64 = (1n << 64n) - 1n;

/** strtoull with base 0, as iptables reads counter values; undefined if not a 64-bit number. */
export function parseCounter(text: string): string | undefined {
  let v: bigint;
  if (/^0[xX][0-9a-fA-F]+$/.test(text)) v = BigInt(text);
  else if (/^0[0-7]*$/.test(text)) v = BigInt(`0o${text.slice(1) || '0'}`);
  else if (/^[1-9][0-9]*$/.test(text)) v = BigInt(text);
  else return undefined;
  return v <= MAX_U64 ? v.toString() : undefined;
}

function parseMatchSet(
  o: ParsedOption,
  ctx: ModuleContext,
): Pick<SetData, 'name' | 'flags'> | undefined {
  const [name = '', flagText = ''] = o.args;
  if (name === '' || name.length > SET_MAX_NAME) {
    ctx.report(
      'bad-value',
      `set name "${name}" must be 1 to ${SET_MAX_NAME} characters long`,
      o.span,
    );
    return undefined;
  }
  const flags = flagText.split(',');
  if (!flags.every((f) => f === 'src' || f === 'dst')) {
    ctx.report(
      'bad-value',
      `"${flagText}" is not a list of src and dst (e.g. src or dst,dst,src)`,
      o.span,
    );
    return undefined;
  }
  if (flags.length > SET_MAX_DIMENSIONS) {
    ctx.report(
      'bad-value',
      `a set has at most ${SET_MAX_DIMENSIONS} dimensions, "${flagText}" names ${flags.length}`,
      o.span,
    );
    return undefined;
  }
  return { name, flags: flags as ('src' | 'dst')[] };
}

const COUNTER_OPTIONS = [
  'packets-eq',
  'packets-lt',
  'packets-gt',
  'bytes-eq',
  'bytes-lt',
  'bytes-gt',
] as const;

function counterWords(
  kind: 'packets' | 'bytes',
  t: CounterTest | undefined,
  dashes: string,
): string[] {
  return t ? [...bang(t.negated), `${dashes}${kind}-${t.op}`, t.value] : [];
}

function counterHolds(count: string | undefined, t: CounterTest | undefined): boolean {
  if (!t) return true;
  const have = BigInt(count ?? '0');
  const want = BigInt(t.value);
  if (t.op === 'eq') return (have === want) !== t.negated;
  return t.op === 'lt' ? have < want : have > want;
}

const evaluate: MatchEvaluator<SetData> = (d, ctx) => {
  const answer = ctx.testIpSet(d.name, {
    flags: d.flags,
    returnNomatch: d.returnNomatch === true,
  });
  // the kernel refuses a rule whose set does not exist; here no text defined it
  if (answer === undefined || answer === 'unknown') return 'unknown';
  let found = answer !== false;
  // counters are compared only on a member that has them (a set made with `counters`)
  if (answer !== false && answer.packets !== undefined)
    found = counterHolds(answer.packets, d.packets) && counterHolds(answer.bytes, d.bytes);
  return held(found, d.negated);
};

const readList = re(
  /(! )?match-set (\S+) (\S+)((?: return-nomatch| ! update-counters| ! update-subcounters)*)/,
  (m) => {
    const extra = m[4] ?? '';
    return w(
      '-m',
      'set',
      m[1] && '!',
      '--match-set',
      m[2],
      m[3],
      extra.includes('return-nomatch') && '--return-nomatch',
      extra.includes('update-counters') && '!',
      extra.includes('update-counters') && '--update-counters',
      extra.includes('update-subcounters') && '!',
      extra.includes('update-subcounters') && '--update-subcounters',
    );
  },
);

export const set = defineMatch<SetData>({
  name: 'set',
  evaluate,
  readList,
  options: [
    // `--set` is the old spelling iptables still reads (with a warning)
    { name: 'match-set', aliases: ['set'], args: 2, negatable: true },
    { name: 'return-nomatch', args: 0 },
    { name: 'update-counters', args: 0, negatable: true },
    { name: 'update-subcounters', args: 0, negatable: true },
    ...COUNTER_OPTIONS.map((name) => ({ name, args: 1 as const, negatable: name.endsWith('-eq') })),
  ],
  parse(options, ctx) {
    reportRepeated('set', options, ctx);
    requireOneOf('set', options, ['match-set'], ctx);
    const data: SetData = { name: '', flags: [], negated: false };
    const counterSeen: Partial<Record<'packets' | 'bytes', string>> = {};
    for (const o of options) {
      switch (o.name) {
        case 'match-set': {
          const m = parseMatchSet(o, ctx);
          if (m) Object.assign(data, m, { negated: o.negated });
          break;
        }
        case 'return-nomatch':
          data.returnNomatch = true;
          break;
        case 'update-counters':
          // without "!" it restates the default and iptables-save drops it
          if (o.negated) data.noUpdateCounters = true;
          break;
        case 'update-subcounters':
          if (o.negated) data.noUpdateSubcounters = true;
          break;
        default: {
          const [kind, op] = o.name.split('-') as ['packets' | 'bytes', CounterOp];
          if (counterSeen[kind] !== undefined && counterSeen[kind] !== o.name)
            ctx.report(
              'syntax',
              `only one of --${kind}-eq, --${kind}-lt and --${kind}-gt may be given`,
              o.span,
            );
          counterSeen[kind] = o.name;
          const value = parseCounter(o.args[0] ?? '');
          if (value === undefined)
            ctx.report(
              'bad-value',
              `"${o.args[0] ?? ''}" is not a counter value (a whole number)`,
              o.span,
            );
          else data[kind] = { op, value, negated: o.negated };
        }
      }
    }
    return data;
  },
  save(d) {
    const out = [...bang(d.negated), '--match-set', d.name, d.flags.join(',')];
    if (d.returnNomatch) out.push('--return-nomatch');
    if (d.noUpdateCounters) out.push('!', '--update-counters');
    if (d.noUpdateSubcounters) out.push('!', '--update-subcounters');
    return [
      ...out,
      ...counterWords('packets', d.packets, '--'),
      ...counterWords('bytes', d.bytes, '--'),
    ];
  },
  list(d) {
    const out = [...bang(d.negated), 'match-set', d.name, d.flags.join(',')];
    if (d.returnNomatch) out.push('return-nomatch');
    if (d.noUpdateCounters) out.push('!', 'update-counters');
    if (d.noUpdateSubcounters) out.push('!', 'update-subcounters');
    return [
      ...out,
      ...counterWords('packets', d.packets, ''),
      ...counterWords('bytes', d.bytes, ''),
    ].join(' ');
  },
  explain(d, lang) {
    const ko = lang === 'ko';
    const flags = d.flags
      .map((f) => (f === 'src' ? (ko ? '출발지' : 'source') : ko ? '목적지' : 'destination'))
      .join(', ');
    let text = ko
      ? `ipset ${d.name}에 (${flags}) ${d.negated ? '없음' : '있음'}`
      : `(${flags}) ${d.negated ? 'not in' : 'in'} ipset ${d.name}`;
    const opWord: Record<CounterOp, string> = { eq: '=', lt: '<', gt: '>' };
    for (const [kind, t] of [
      ['packets', d.packets],
      ['bytes', d.bytes],
    ] as const) {
      if (!t) continue;
      const unit = ko ? (kind === 'packets' ? '패킷 수' : '바이트 수') : kind;
      text += `, ${ko ? '멤버' : 'member'} ${unit} ${t.negated ? '≠' : opWord[t.op]} ${t.value}`;
    }
    if (d.returnNomatch)
      text += ko
        ? ', nomatch 표시 멤버만 일치로 봄(반전)'
        : ', reversed: only members flagged nomatch match';
    return text;
  },
});
