/**
 * `-m hl`: the IPv6 hop limit, ip6tables' counterpart of `-m ttl`: `--hl-eq N` (or
 * `! --hl-eq N`), `--hl-lt N`, `--hl-gt N`. Only --hl-eq can be negated; one comparison per
 * match. The hop limit is the packet's `ttl` field, so an HL target earlier in the path is seen.
 */
import { defineMatch } from '../types.ts';
import { re, w } from '../list-text.ts';
import { compareHops, parseHopComparison, SIGN, type TtlMatchData } from './ttl.ts';

export type HlMatchData = TtlMatchData;

const HL_OPS: Readonly<Record<string, [string, boolean]>> = {
  '==': ['--hl-eq', false],
  '!=': ['--hl-eq', true],
  '<': ['--hl-lt', false],
  '>': ['--hl-gt', false],
};

const readList = re(/HL match HL (==|!=|<|>) (\d+)/, (m) => {
  const [opt, neg] = HL_OPS[m[1]!]!;
  return w('-m', 'hl', neg && '!', opt, m[2]);
});

const WORDS = {
  en: { eq: 'is', ne: 'is not', lt: 'is below', gt: 'is above' },
} as const;

export const hl = defineMatch<HlMatchData>({
  name: 'hl',
  evaluate: compareHops,
  readList,
  options: [
    { name: 'hl-eq', args: 1, negatable: true },
    { name: 'hl-lt', args: 1 },
    { name: 'hl-gt', args: 1 },
  ],
  parse(options, ctx) {
    if (ctx.family !== 'ipv6') {
      const at = ctx.span ?? options[0]?.span;
      if (at)
        ctx.report(
          'bad-value',
          '-m hl reads the IPv6 hop limit; iptables uses -m ttl (--ttl-eq, --ttl-lt, --ttl-gt)',
          at,
        );
    }
    return parseHopComparison('hl', options, ctx);
  },
  save: (d) =>
    d.op === 'ne' ? ['!', '--hl-eq', String(d.value)] : [`--hl-${d.op}`, String(d.value)],
  list: (d) => `HL match HL ${SIGN[d.op]} ${d.value}`,
  explain: (d, lang) =>
    lang === 'ko'
      ? `IPv6 홉 제한 ${SIGN[d.op]} ${d.value}`
      : `the IPv6 hop limit ${WORDS.en[d.op]} ${d.value}`,
});
