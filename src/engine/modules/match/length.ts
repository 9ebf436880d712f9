/** `-m length --length N[:M]`: the size of the whole IP packet (header included), in bytes. */
import { defineMatch } from '../types.ts';
import { parseUint } from '../values.ts';
import { reportRepeated, requireOneOf } from '../option-checks.ts';
import { held, type MatchEvaluator } from '../evaluate.ts';
import { re, w } from '../list-text.ts';

export interface LengthData {
  min: number;
  max: number;
  negated: boolean;
}

/** `N`, `N:M`, `:M` (from 0), `N:` (to 65535); an inverted range is kept as written, as iptables does. */
export function parseLengthRange(text: string): { min: number; max: number } | undefined {
  const colon = text.indexOf(':');
  if (colon < 0) {
    const v = parseUint(text, 65535);
    return v === undefined ? undefined : { min: v, max: v };
  }
  const a = text.slice(0, colon);
  const b = text.slice(colon + 1);
  const min = a === '' ? 0 : parseUint(a, 65535);
  const max = b === '' ? 65535 : parseUint(b, 65535);
  return min === undefined || max === undefined ? undefined : { min, max };
}

function formatRange(d: LengthData): string {
  return d.min === d.max ? String(d.min) : `${d.min}:${d.max}`;
}

const evaluate: MatchEvaluator<LengthData> = (d, ctx) =>
  held(ctx.packet.length >= d.min && ctx.packet.length <= d.max, d.negated);

const readList = re(/length (!?)(\d+(?::\d+)?)/, (m) =>
  w('-m', 'length', m[1] === '!' && '!', '--length', m[2]),
);

export const length = defineMatch<LengthData>({
  name: 'length',
  evaluate,
  readList,
  options: [{ name: 'length', args: 1, negatable: true }],
  parse(options, ctx) {
    const data: LengthData = { min: 0, max: 65535, negated: false };
    reportRepeated('length', options, ctx);
    for (const o of options) {
      const r = parseLengthRange(o.args[0] ?? '');
      if (!r)
        ctx.report(
          'bad-value',
          `"${o.args[0] ?? ''}" is not a length or range of lengths (0-65535, or MIN:MAX)`,
          o.span,
        );
      else {
        data.min = r.min;
        data.max = r.max;
        if (r.min > r.max)
          ctx.report(
            'bad-value',
            `length range ${r.min}:${r.max} is inverted and never matches`,
            o.span,
            'warning',
          );
      }
      data.negated = o.negated;
    }
    requireOneOf('length', options, ['length'], ctx);
    return data;
  },
  save: (d) => [...(d.negated ? ['!'] : []), '--length', formatRange(d)],
  list: (d) => `length ${d.negated ? '!' : ''}${formatRange(d)}`,
  explain(d, lang) {
    const r = d.min === d.max ? `${d.min}` : `${d.min}-${d.max}`;
    if (lang === 'ko')
      return `IP 패킷 길이 ${r}바이트${d.min === d.max ? '' : ' 범위'}${d.negated ? (d.min === d.max ? ' 아님' : ' 밖') : ''}`;
    return `IP packet length is ${d.negated ? 'not ' : ''}${d.min === d.max ? '' : 'within '}${r} bytes`;
  },
});
