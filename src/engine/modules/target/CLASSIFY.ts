/**
 * `-j CLASSIFY --set-class MAJOR:MINOR`: sets the packet's priority (skb->priority), which a
 * qdisc reads as its traffic-control class. Both halves are hex. The kernel allows it in the
 * mangle table's OUTPUT, FORWARD and POSTROUTING only.
 */
import { defineTarget } from '../types.ts';
import { reportRepeated, requireOneOf } from '../option-checks.ts';
import { CONTINUE, type TargetEvaluator } from '../evaluate.ts';
import { wholeText, w } from '../list-text.ts';

export interface ClassifyData {
  /** major << 16 | minor */
  priority: number;
}

function parseClass(text: string): number | undefined {
  const m = /^([0-9a-fA-F]{1,4}):([0-9a-fA-F]{1,4})$/.exec(text);
  if (!m) return undefined;
  return ((parseInt(m[1]!, 16) << 16) | parseInt(m[2]!, 16)) >>> 0;
}

const half = (v: number, pad: boolean) => {
  const s = v.toString(16);
  return pad ? s.padStart(4, '0') : s;
};
const klass = (d: ClassifyData, pad: boolean) =>
  `${half(d.priority >>> 16, pad)}:${half(d.priority & 0xffff, pad)}`;

const evaluate: TargetEvaluator<ClassifyData> = (d, ctx) => {
  ctx.rewrite('priority', d.priority);
  return CONTINUE;
};

const readList = wholeText(/^CLASSIFY set ([0-9a-fA-F]+:[0-9a-fA-F]+)$/, (m) =>
  w('--set-class', m[1]),
);

export const classify = defineTarget<ClassifyData>({
  name: 'CLASSIFY',
  evaluate,
  readList,
  flow: 'continue',
  tables: ['mangle'],
  chains: ['OUTPUT', 'FORWARD', 'POSTROUTING'],
  options: [{ name: 'set-class', args: 1 }],
  parse(options, ctx) {
    reportRepeated('CLASSIFY', options, ctx);
    requireOneOf('CLASSIFY', options, ['set-class'], ctx);
    const data: ClassifyData = { priority: 0 };
    for (const o of options) {
      const v = parseClass(o.args[0] ?? '');
      if (v === undefined)
        ctx.report(
          'bad-value',
          `"${o.args[0] ?? ''}" is not a class (MAJOR:MINOR, each hex 0-ffff, e.g. 1:10)`,
          o.span,
        );
      else data.priority = v;
    }
    return data;
  },
  save: (d) => ['--set-class', klass(d, true)],
  list: (d) => `CLASSIFY set ${klass(d, false)}`,
  explain: (d, lang) =>
    lang === 'ko'
      ? `패킷의 우선순위(트래픽 제어 클래스)를 ${klass(d, false)}(으)로 설정`
      : `sets the packet's priority (traffic-control class) to ${klass(d, false)}`,
});
