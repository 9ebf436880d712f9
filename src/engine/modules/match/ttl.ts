/**
 * `-m ttl`: the IPv4 time to live, `--ttl-eq N` (or `! --ttl-eq N`), `--ttl-lt N`, `--ttl-gt N`.
 * Only --ttl-eq can be negated; one comparison per match.
 */
import { defineMatch, type ModuleContext, type ParsedOption } from '../types.ts';
import { parseUint } from '../values.ts';
import { reportExclusive, reportRepeated, requireOneOf } from '../option-checks.ts';
import { held, type MatchEvaluator } from '../evaluate.ts';
import { re, w } from '../list-text.ts';

export interface TtlMatchData {
  op: 'eq' | 'ne' | 'lt' | 'gt';
  value: number;
}

export const SIGN = { eq: '==', ne: '!=', lt: '<', gt: '>' } as const;

/** The comparison of the packet's TTL (IPv4) or hop limit (IPv6, -m hl), both held in `ttl`. */
export const compareHops: MatchEvaluator<TtlMatchData> = (d, ctx) => {
  const t = ctx.packet.ttl;
  switch (d.op) {
    case 'eq':
      return held(t === d.value);
    case 'ne':
      return held(t !== d.value);
    case 'lt':
      return held(t < d.value);
    case 'gt':
      return held(t > d.value);
  }
};

/**
 * One comparison of `--ttl-eq|lt|gt N` or `--hl-eq|lt|gt N` (`! --…-eq` for "not"), each number
 * 0-255: -m ttl and -m hl read their options alike.
 */
export function parseHopComparison(
  module: 'ttl' | 'hl',
  options: readonly ParsedOption[],
  ctx: ModuleContext,
): TtlMatchData {
  const names = [`${module}-eq`, `${module}-lt`, `${module}-gt`];
  reportRepeated(module, options, ctx);
  reportExclusive(module, options, names, ctx);
  requireOneOf(module, options, names, ctx);
  const data: TtlMatchData = { op: 'eq', value: 0 };
  for (const o of options) {
    const v = parseUint(o.args[0] ?? '', 255);
    if (v === undefined) {
      ctx.report(
        'bad-value',
        `--${o.name} needs a number from 0 to 255, not "${o.args[0] ?? ''}"`,
        o.span,
      );
      continue;
    }
    const op = o.name.slice(module.length + 1) as 'eq' | 'lt' | 'gt';
    data.op = op === 'eq' && o.negated ? 'ne' : op;
    data.value = v;
  }
  return data;
}

const TTL_OPS: Readonly<Record<string, [string, boolean]>> = {
  '==': ['--ttl-eq', false],
  '!=': ['--ttl-eq', true],
  '<': ['--ttl-lt', false],
  '>': ['--ttl-gt', false],
};

const readList = re(/TTL match TTL (==|!=|<|>) (\d+)/, (m) => {
  const [opt, neg] = TTL_OPS[m[1]!]!;
  return w('-m', 'ttl', neg && '!', opt, m[2]);
});

export const ttl = defineMatch<TtlMatchData>({
  name: 'ttl',
  evaluate: compareHops,
  readList,
  options: [
    { name: 'ttl-eq', args: 1, negatable: true },
    { name: 'ttl-lt', args: 1 },
    { name: 'ttl-gt', args: 1 },
  ],
  parse(options, ctx) {
    if (ctx.family === 'ipv6' && ctx.span)
      ctx.report(
        'bad-value',
        '-m ttl reads the IPv4 TTL; ip6tables uses -m hl (--hl-eq, --hl-lt, --hl-gt)',
        ctx.span,
      );
    return parseHopComparison('ttl', options, ctx);
  },
  save: (d) =>
    d.op === 'ne' ? ['!', '--ttl-eq', String(d.value)] : [`--ttl-${d.op}`, String(d.value)],
  list: (d) => `TTL match TTL ${SIGN[d.op]} ${d.value}`,
  explain: (d, lang) =>
    lang === 'ko'
      ? `TTL ${SIGN[d.op]} ${d.value}`
      : `the TTL ${{ eq: 'is', ne: 'is not', lt: 'is below', gt: 'is above' }[d.op]} ${d.value}`,
});
