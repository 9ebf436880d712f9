/**
 * `-j ECN`: rewrites ECN bits. `--ecn-tcp-remove` clears the TCP header's ECE and CWR flags (to
 * get past middleboxes that drop ECN-setting SYNs); `--ecn-tcp-ece N`, `--ecn-tcp-cwr N` set each
 * flag to 0 or 1 and `--ecn-ip-ect N` the IP header's two ECN bits. The TCP forms need `-p tcp`
 * (the kernel refuses them otherwise). iptables-save prints `--ecn-tcp-remove` for both flags
 * cleared and nothing else, else each part. Mangle table only.
 */
import { defineTarget } from '../types.ts';
import { parseUint } from '../values.ts';
import { reportRepeated, requireOneOf, moduleSpan } from '../option-checks.ts';
import { CONTINUE, type TargetEvaluator } from '../evaluate.ts';
import { w, type ExtraWord, type ListTargetReader } from '../list-text.ts';
import { TCP_CWR, TCP_ECE } from '../match/tcp.ts';

export interface EcnData {
  /** the value each TCP flag is set to; absent when the rule leaves it */
  ece?: number;
  cwr?: number;
  /** the IP header's ECN field (0-3) */
  ipEct?: number;
}

const OPTIONS = ['ecn-tcp-remove', 'ecn-tcp-ece', 'ecn-tcp-cwr', 'ecn-ip-ect'] as const;

function removesOnly(d: EcnData): boolean {
  return d.ece === 0 && d.cwr === 0 && d.ipEct === undefined;
}

function parts(d: EcnData, sep: '=' | ' '): string[] {
  const out: string[] = [];
  if (d.ece !== undefined) out.push(sep === '=' ? `ECE=${d.ece}` : `--ecn-tcp-ece ${d.ece}`);
  if (d.cwr !== undefined) out.push(sep === '=' ? `CWR=${d.cwr}` : `--ecn-tcp-cwr ${d.cwr}`);
  if (d.ipEct !== undefined)
    out.push(sep === '=' ? `ECT codepoint=${d.ipEct}` : `--ecn-ip-ect ${d.ipEct}`);
  return out;
}

const evaluate: TargetEvaluator<EcnData> = (d, ctx) => {
  if (d.ipEct !== undefined) ctx.rewrite('ecn', d.ipEct);
  if (ctx.packet.proto === 'tcp' && (d.ece !== undefined || d.cwr !== undefined)) {
    let f = ctx.packet.tcpFlags & (TCP_ECE | TCP_CWR);
    if (d.ece !== undefined) f = d.ece ? f | TCP_ECE : f & ~TCP_ECE;
    if (d.cwr !== undefined) f = d.cwr ? f | TCP_CWR : f & ~TCP_CWR;
    ctx.rewrite('tcp-ecn', f);
  }
  return CONTINUE;
};

const ECN_PARTS: readonly [RegExp, string][] = [
  [/^ECE=(\d)$/, '--ecn-tcp-ece'],
  [/^CWR=(\d)$/, '--ecn-tcp-cwr'],
  [/^codepoint=(\d)$/, '--ecn-ip-ect'],
];

const readList: ListTargetReader = (rest) => {
  if (rest === 'ECN TCP remove') return { words: w('--ecn-tcp-remove') };
  if (!rest.startsWith('ECN ')) return undefined;
  const out: ExtraWord[] = [];
  // "ECT codepoint=1" is one part written as two words
  for (const part of rest.slice(4).replace('ECT codepoint=', 'codepoint=').split(' ')) {
    const hit = ECN_PARTS.map(([r, opt]) => [r.exec(part), opt] as const).find(([m]) => m);
    if (!hit) return undefined;
    out.push(...w(hit[1], hit[0]![1]));
  }
  return { words: out };
};

export const ecn = defineTarget<EcnData>({
  name: 'ECN',
  evaluate,
  readList,
  flow: 'continue',
  tables: ['mangle'],
  options: [
    { name: 'ecn-tcp-remove', args: 0 },
    { name: 'ecn-tcp-ece', args: 1 },
    { name: 'ecn-tcp-cwr', args: 1 },
    { name: 'ecn-ip-ect', args: 1 },
  ],
  parse(options, ctx) {
    reportRepeated('ECN', options, ctx);
    requireOneOf('ECN', options, OPTIONS, ctx);
    const data: EcnData = {};
    for (const o of options) {
      if (o.name === 'ecn-tcp-remove') {
        data.ece = 0;
        data.cwr = 0;
        continue;
      }
      const max = o.name === 'ecn-ip-ect' ? 3 : 1;
      const v = parseUint(o.args[0] ?? '', max);
      if (v === undefined) {
        ctx.report(
          'bad-value',
          `--${o.name} needs a number from 0 to ${max}, not "${o.args[0] ?? ''}"`,
          o.span,
        );
        continue;
      }
      if (o.name === 'ecn-tcp-ece') data.ece = v;
      else if (o.name === 'ecn-tcp-cwr') data.cwr = v;
      else data.ipEct = v;
    }
    if ((data.ece !== undefined || data.cwr !== undefined) && ctx.protocol !== 'tcp')
      ctx.report(
        'target-not-allowed',
        'ECN: the TCP options (--ecn-tcp-remove, --ecn-tcp-ece, --ecn-tcp-cwr) need -p tcp; the kernel refuses them otherwise',
        moduleSpan(ctx, options),
      );
    return data;
  },
  save: (d) => (removesOnly(d) ? ['--ecn-tcp-remove'] : parts(d, ' ').flatMap((p) => p.split(' '))),
  list: (d) => (removesOnly(d) ? 'ECN TCP remove' : `ECN ${parts(d, '=').join(' ')}`),
  explain(d, lang) {
    if (removesOnly(d))
      return lang === 'ko'
        ? 'TCP 헤더의 ECN 플래그(ECE, CWR)를 지움'
        : "clears the TCP header's ECN flags (ECE and CWR)";
    const what = parts(d, '=').join(', ');
    return lang === 'ko' ? `ECN 비트 설정: ${what}` : `sets ECN bits: ${what}`;
  },
});
