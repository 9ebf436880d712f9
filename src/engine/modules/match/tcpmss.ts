/**
 * `-m tcpmss --mss N[:M]`: the value of a TCP segment's MSS option, which only SYN segments carry.
 * Operators meet it beside `-j TCPMSS`, to clamp only the SYNs whose MSS is too large for a
 * tunnel. The kernel answers "no" for a segment without the option (yes when negated).
 */
import { defineMatch } from '../types.ts';
import { reportRepeated, requireOneOf } from '../option-checks.ts';
import { held, type MatchEvaluator } from '../evaluate.ts';
import { re, w } from '../list-text.ts';
import { requireProtocol } from './checks.ts';
import { parseLengthRange } from './length.ts';

export interface TcpmssData {
  min: number;
  max: number;
  negated: boolean;
}

function formatRange(d: TcpmssData): string {
  return d.min === d.max ? String(d.min) : `${d.min}:${d.max}`;
}

const evaluate: MatchEvaluator<TcpmssData> = (d, ctx) => {
  const p = ctx.packet;
  if (p.proto !== 'tcp') return 'nomatch';
  // xt_tcpmss returns the invert flag itself when it finds no MSS option
  if (p.mss === undefined) return d.negated ? 'match' : 'nomatch';
  return held(p.mss >= d.min && p.mss <= d.max, d.negated);
};

const readList = re(/tcpmss match (!?)(\d+(?::\d+)?)/, (m) =>
  w('-m', 'tcpmss', m[1] === '!' && '!', '--mss', m[2]),
);

export const tcpmss = defineMatch<TcpmssData>({
  name: 'tcpmss',
  evaluate,
  readList,
  options: [{ name: 'mss', args: 1, negatable: true }],
  samples: {
    needs: { protocol: ['tcp'], always: [['--mss', '1400:1536']] },
    values: { mss: ['1460', '1400:1536', ':1000', '1000:', '0x10:0x20', '1500:1400', '65536'] },
  },
  parse(options, ctx) {
    const data: TcpmssData = { min: 0, max: 65535, negated: false };
    requireProtocol('tcpmss', ['tcp'], ctx);
    reportRepeated('tcpmss', options, ctx);
    for (const o of options) {
      const r = parseLengthRange(o.args[0] ?? '');
      if (!r)
        ctx.report(
          'bad-value',
          `"${o.args[0] ?? ''}" is not an MSS or range of them (0-65535, or MIN:MAX)`,
          o.span,
        );
      else if (r.min > r.max)
        ctx.report('bad-value', `MSS range ${r.min}:${r.max} runs backwards`, o.span);
      else {
        data.min = r.min;
        data.max = r.max;
      }
      data.negated = o.negated;
    }
    requireOneOf('tcpmss', options, ['mss'], ctx);
    return data;
  },
  save: (d) => [...(d.negated ? ['!'] : []), '--mss', formatRange(d)],
  list: (d) => `tcpmss match ${d.negated ? '!' : ''}${formatRange(d)}`,
  explain(d, lang) {
    const r = d.min === d.max ? `${d.min}` : `${d.min}-${d.max}`;
    const one = d.min === d.max;
    if (lang === 'ko')
      return `TCP SYN의 MSS 옵션 값 ${r}${one ? '' : ' 범위'}${d.negated ? (one ? ' 아님' : ' 밖') : ''}`;
    return `the TCP SYN's MSS option is ${d.negated ? 'not ' : ''}${one ? '' : 'within '}${r}`;
  },
});
