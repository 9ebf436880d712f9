/**
 * `-j NFLOG`: hands the packet to a userspace logger (ulogd, tcpdump's nflog:N) over netlink and
 * goes on with the next rule. Defaults (group 0, threshold 0, no size) are left out when printed.
 * `--nflog-range` never had an effect: legacy iptables prints it back, iptables-nft drops it.
 * A prefix is kept whole, as iptables-nft does (legacy cuts it to 63 bytes).
 */
import { quoteWord } from '../../rules/model-face.ts';
import { defineTarget } from '../types.ts';
import { parseUint } from '../values.ts';
import { reportExclusive, reportRepeated } from '../option-checks.ts';
import { CONTINUE, type TargetEvaluator } from '../evaluate.ts';
import { free, w, type ExtraWord, type ListTargetReader } from '../list-text.ts';

export interface NflogData {
  group: number;
  prefix: string;
  /** bytes to copy to userspace (`--nflog-size`), or null for the whole packet */
  size: number | null;
  /** the old `--nflog-range`, which the kernel ignores; kept only to print it back */
  range: number | null;
  threshold: number;
}

const evaluate: TargetEvaluator<NflogData> = (d, ctx) => {
  ctx.note(`NFLOG group ${d.group}${d.prefix ? ` prefix "${d.prefix}"` : ''}`);
  return CONTINUE;
};

const readList: ListTargetReader = (rest) => {
  const out: ExtraWord[] = [];
  const sticky = /(?:^| )nflog-(prefix|group|range|size|threshold) (\S+)/y;
  let at = 0;
  while (at < rest.length) {
    sticky.lastIndex = at;
    const m = sticky.exec(rest);
    if (!m) return undefined;
    out.push(...w(`--nflog-${m[1]}`), m[1] === 'prefix' ? free(m[2]!) : { text: m[2]! });
    at = sticky.lastIndex;
  }
  return out.length ? { words: out } : undefined;
};

export const nflog = defineTarget<NflogData>({
  name: 'NFLOG',
  evaluate,
  readList,
  flow: 'continue',
  options: [
    { name: 'nflog-group', args: 1 },
    { name: 'nflog-prefix', args: 1 },
    { name: 'nflog-range', args: 1 },
    { name: 'nflog-size', args: 1 },
    { name: 'nflog-threshold', args: 1 },
  ],
  parse(options, ctx) {
    reportRepeated('NFLOG', options, ctx);
    reportExclusive('NFLOG', options, ['nflog-range', 'nflog-size'], ctx);
    const data: NflogData = { group: 0, prefix: '', size: null, range: null, threshold: 0 };
    for (const o of options) {
      const arg = o.args[0] ?? '';
      const num = (max: number) => {
        const v = parseUint(arg, max);
        if (v === undefined)
          ctx.report(
            'bad-value',
            `--${o.name} needs a number from 0 to ${max}, not "${arg}"`,
            o.span,
          );
        return v;
      };
      if (o.name === 'nflog-group') data.group = num(65535) ?? data.group;
      else if (o.name === 'nflog-threshold') data.threshold = num(65535) ?? data.threshold;
      else if (o.name === 'nflog-size') data.size = num(0xffffffff) ?? data.size;
      else if (o.name === 'nflog-range') {
        data.range = num(0xffffffff) ?? data.range;
        ctx.report(
          'bad-value',
          '--nflog-range has never had an effect (iptables-nft drops it); use --nflog-size',
          o.span,
          'warning',
        );
      } else if (o.name === 'nflog-prefix') {
        if (arg === '')
          ctx.report('bad-value', '--nflog-prefix needs at least one character', o.span);
        else if (arg.includes('\n'))
          ctx.report('bad-value', '--nflog-prefix cannot contain a newline', o.span);
        else data.prefix = arg;
      }
    }
    return data;
  },
  save: (d) => words(d, '--'),
  list: (d) => words(d, '').join(' '),
  explain(d, lang) {
    const prefix = d.prefix
      ? lang === 'ko'
        ? `, 접두어 "${d.prefix}"`
        : `, prefix "${d.prefix}"`
      : '';
    return lang === 'ko'
      ? `패킷을 NFLOG 그룹 ${d.group}(으)로 사용자 공간 로거에 보내고 다음 규칙으로 계속${prefix}`
      : `sends the packet to userspace loggers on NFLOG group ${d.group}${prefix} and goes on to the next rule`;
  },
});

/** save and -L print the same words; -L only drops the dashes. */
function words(d: NflogData, dashes: string): string[] {
  const out: string[] = [];
  if (d.prefix) out.push(`${dashes}nflog-prefix`, quoteWord(d.prefix));
  if (d.group) out.push(`${dashes}nflog-group`, String(d.group));
  if (d.size !== null) out.push(`${dashes}nflog-size`, String(d.size));
  else if (d.range) out.push(`${dashes}nflog-range`, String(d.range));
  if (d.threshold) out.push(`${dashes}nflog-threshold`, String(d.threshold));
  return out;
}
