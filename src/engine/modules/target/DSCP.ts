/**
 * `-j DSCP`: rewrites the six DSCP bits of the IP header's TOS byte, keeping the two ECN bits.
 * `--set-dscp-class EF` is a name for `--set-dscp 0x2e`; iptables-save prints the number. The
 * kernel allows it only in the mangle table.
 */
import { dscpOfClass, DSCP_CLASS_NAMES, hex2 } from '../dscp-tos.ts';
import { defineTarget } from '../types.ts';
import { parseUint } from '../values.ts';
import { reportExclusive, reportRepeated, requireOneOf } from '../option-checks.ts';
import { CONTINUE, type TargetEvaluator } from '../evaluate.ts';
import { wholeText, w } from '../list-text.ts';

export interface DscpData {
  dscp: number;
}

const evaluate: TargetEvaluator<DscpData> = (d, ctx) => {
  ctx.rewrite('dscp', d.dscp);
  return CONTINUE;
};

const readList = wholeText(/^DSCP set (0x[0-9a-fA-F]+)$/, (m) => w('--set-dscp', m[1]));

export const dscp = defineTarget<DscpData>({
  name: 'DSCP',
  evaluate,
  readList,
  flow: 'continue',
  tables: ['mangle'],
  options: [
    { name: 'set-dscp', args: 1 },
    { name: 'set-dscp-class', args: 1 },
  ],
  parse(options, ctx) {
    reportRepeated('DSCP', options, ctx);
    reportExclusive('DSCP', options, ['set-dscp', 'set-dscp-class'], ctx);
    requireOneOf('DSCP', options, ['set-dscp', 'set-dscp-class'], ctx);
    const data: DscpData = { dscp: 0 };
    for (const o of options) {
      const arg = o.args[0] ?? '';
      const v = o.name === 'set-dscp' ? parseUint(arg, 63) : dscpOfClass(arg);
      if (v !== undefined) data.dscp = v;
      else if (o.name === 'set-dscp')
        ctx.report('bad-value', `--set-dscp needs a number from 0 to 63, not "${arg}"`, o.span);
      else
        ctx.report(
          'bad-value',
          `"${arg}" is not a DSCP class (one of ${DSCP_CLASS_NAMES.join(', ')})`,
          o.span,
        );
    }
    return data;
  },
  save: (d) => ['--set-dscp', hex2(d.dscp)],
  list: (d) => `DSCP set ${hex2(d.dscp)}`,
  explain: (d, lang) =>
    lang === 'ko'
      ? `IP 헤더의 DSCP를 ${hex2(d.dscp)}(으)로 바꿈 (ECN 비트는 그대로)`
      : `sets the IP header's DSCP to ${hex2(d.dscp)} (the ECN bits stay)`,
});
