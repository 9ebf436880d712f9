/**
 * `-m dscp [!] --dscp VALUE` or `[!] --dscp-class CLASS`: the six DSCP bits of the IP header's TOS
 * byte. iptables-save prints the number in hex, also for a class name.
 */
import { dscpOfClass, DSCP_CLASS_NAMES, hex2 } from '../dscp-tos.ts';
import { bang, defineMatch } from '../types.ts';
import { parseUint } from '../values.ts';
import { reportExclusive, reportRepeated, requireOneOf } from '../option-checks.ts';
import { held, type MatchEvaluator } from '../evaluate.ts';
import { re, w } from '../list-text.ts';

export interface DscpMatchData {
  dscp: number;
  negated: boolean;
}

const evaluate: MatchEvaluator<DscpMatchData> = (d, ctx) =>
  held(ctx.packet.tos >>> 2 === d.dscp, d.negated);

const readList = re(/DSCP match (!?)(0x[0-9a-fA-F]+)/, (m) =>
  w('-m', 'dscp', m[1] === '!' && '!', '--dscp', m[2]),
);

export const dscp = defineMatch<DscpMatchData>({
  name: 'dscp',
  evaluate,
  readList,
  options: [
    { name: 'dscp', args: 1, negatable: true },
    { name: 'dscp-class', args: 1, negatable: true },
  ],
  parse(options, ctx) {
    reportRepeated('dscp', options, ctx);
    reportExclusive('dscp', options, ['dscp', 'dscp-class'], ctx);
    requireOneOf('dscp', options, ['dscp', 'dscp-class'], ctx);
    const data: DscpMatchData = { dscp: 0, negated: false };
    for (const o of options) {
      const arg = o.args[0] ?? '';
      const v = o.name === 'dscp' ? parseUint(arg, 63) : dscpOfClass(arg);
      if (v === undefined)
        ctx.report(
          'bad-value',
          o.name === 'dscp'
            ? `--dscp needs a number from 0 to 63, not "${arg}"`
            : `"${arg}" is not a DSCP class (one of ${DSCP_CLASS_NAMES.join(', ')})`,
          o.span,
        );
      else {
        data.dscp = v;
        data.negated = o.negated;
      }
    }
    return data;
  },
  save: (d) => [...bang(d.negated), '--dscp', hex2(d.dscp)],
  list: (d) => `DSCP match ${d.negated ? '!' : ''}${hex2(d.dscp)}`,
  explain: (d, lang) =>
    lang === 'ko'
      ? `DSCP가 ${hex2(d.dscp)}${d.negated ? '이 아님' : '임'}`
      : `DSCP ${d.negated ? 'is not' : 'is'} ${hex2(d.dscp)}`,
});
