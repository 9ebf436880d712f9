/**
 * `-m tos [!] --tos VALUE[/MASK]` (or a TOS name such as Minimize-Delay): (tos AND mask) ==
 * (value AND mask). A number alone has the mask 0xff, a name 0x3f; iptables-save prints both.
 */
import { hex2, parseTosValueMask, type TosValueMask } from '../dscp-tos.ts';
import { bang, defineMatch } from '../types.ts';
import { reportRepeated, requireOneOf } from '../option-checks.ts';
import { held, type MatchEvaluator } from '../evaluate.ts';
import { re, w } from '../list-text.ts';

export interface TosMatchData extends TosValueMask {
  negated: boolean;
}

/** The kernel compares the masked byte with the value as given (not masked too). */
const evaluate: MatchEvaluator<TosMatchData> = (d, ctx) =>
  held((ctx.packet.tos & d.mask) === d.value, d.negated);

// iptables prints no space after "match"
const readList = re(/tos match(!?)(0x[0-9a-fA-F]+\/0x[0-9a-fA-F]+)/, (m) =>
  w('-m', 'tos', m[1] === '!' && '!', '--tos', m[2]),
);

export const tos = defineMatch<TosMatchData>({
  name: 'tos',
  evaluate,
  readList,
  options: [{ name: 'tos', args: 1, negatable: true }],
  parse(options, ctx) {
    reportRepeated('tos', options, ctx);
    requireOneOf('tos', options, ['tos'], ctx);
    const data: TosMatchData = { value: 0, mask: 0xff, negated: false };
    for (const o of options) {
      const v = parseTosValueMask(o.args[0] ?? '');
      if (!v)
        ctx.report(
          'bad-value',
          `"${o.args[0] ?? ''}" is not a TOS value (VALUE[/MASK], bytes 0-0xff, or a name such as Minimize-Delay)`,
          o.span,
        );
      else Object.assign(data, v, { negated: o.negated });
    }
    return data;
  },
  save: (d) => [...bang(d.negated), '--tos', `${hex2(d.value)}/${hex2(d.mask)}`],
  // iptables -L prints no space after "match"
  list: (d) => `tos match${d.negated ? '!' : ''}${hex2(d.value)}/${hex2(d.mask)}`,
  explain: (d, lang) =>
    lang === 'ko'
      ? `TOS 바이트(마스크 ${hex2(d.mask)})가 ${hex2(d.value)}${d.negated ? '이 아님' : '임'}`
      : `the TOS byte (bits ${hex2(d.mask)}) ${d.negated ? 'is not' : 'is'} ${hex2(d.value)}`,
});
