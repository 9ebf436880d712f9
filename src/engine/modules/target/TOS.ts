/**
 * `-j TOS`: rewrites the IP header's TOS byte as tos = (tos AND NOT mask) XOR value. Every form
 * (`--set-tos V[/M]` or a TOS name, `--and-tos`, `--or-tos`, `--xor-tos`) becomes that pair,
 * which iptables-save prints as `--set-tos 0xVV/0xMM`. Mangle table only.
 */
import { hex2, parseTosValueMask, type TosValueMask } from '../dscp-tos.ts';
import { defineTarget } from '../types.ts';
import { parseUint } from '../values.ts';
import { reportExclusive, reportRepeated, requireOneOf } from '../option-checks.ts';
import { CONTINUE, type TargetEvaluator } from '../evaluate.ts';
import { wholeText, w } from '../list-text.ts';

export type TosData = TosValueMask;

const OPERATIONS = ['set-tos', 'and-tos', 'or-tos', 'xor-tos'] as const;

function parseOperation(name: string, arg: string): TosData | undefined {
  if (name === 'set-tos') return parseTosValueMask(arg);
  const v = parseUint(arg, 0xff);
  if (v === undefined) return undefined;
  if (name === 'and-tos') return { value: 0, mask: ~v & 0xff };
  if (name === 'or-tos') return { value: v, mask: v };
  return { value: v, mask: 0 };
}

const evaluate: TargetEvaluator<TosData> = (d, ctx) => {
  ctx.rewrite('tos', ((ctx.packet.tos & ~d.mask) ^ d.value) & 0xff);
  return CONTINUE;
};

const readList = wholeText(/^TOS set (\S+)$/, (m) => w('--set-tos', m[1]));

export const tos = defineTarget<TosData>({
  name: 'TOS',
  evaluate,
  readList,
  flow: 'continue',
  tables: ['mangle'],
  options: OPERATIONS.map((name) => ({ name, args: 1 as const })),
  parse(options, ctx) {
    reportRepeated('TOS', options, ctx);
    reportExclusive('TOS', options, OPERATIONS, ctx);
    requireOneOf('TOS', options, OPERATIONS, ctx);
    let data: TosData = { value: 0, mask: 0 };
    for (const o of options) {
      const arg = o.args[0] ?? '';
      const m = parseOperation(o.name, arg);
      if (m) data = m;
      else
        ctx.report(
          'bad-value',
          o.name === 'set-tos'
            ? `"${arg}" is not a TOS value (VALUE[/MASK], bytes 0-0xff, or a name such as Minimize-Delay)`
            : `--${o.name} needs a byte 0-0xff, not "${arg}"`,
          o.span,
        );
    }
    return data;
  },
  save: (d) => ['--set-tos', `${hex2(d.value)}/${hex2(d.mask)}`],
  list: (d) => `TOS set ${hex2(d.value)}/${hex2(d.mask)}`,
  explain: (d, lang) =>
    lang === 'ko'
      ? `IP 헤더의 TOS 바이트 변경: tos = (tos & ~${hex2(d.mask)}) ^ ${hex2(d.value)}`
      : `changes the IP header's TOS byte: tos = (tos & ~${hex2(d.mask)}) ^ ${hex2(d.value)}`,
});
