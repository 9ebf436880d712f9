/**
 * `-m mark --mark VALUE[/MASK]`: the packet's mark (nfmark), compared as (mark & MASK) == VALUE.
 * iptables-save prints hex and leaves out a mask of all ones.
 */
import type { Negatable } from '../../rules/model-face.ts';
import { bang, defineMatch, type ModuleContext, type ParsedOption } from '../types.ts';
import type { Lang } from '../../lang.ts';
import { formatMarkMask, hex, parseMarkMask, type MarkMask } from '../values.ts';
import { reportRepeated, requireOneOf } from '../option-checks.ts';
import { held, type MatchEvaluator } from '../evaluate.ts';
import { re, w } from '../list-text.ts';

export type MarkMatchData = Negatable<MarkMask>;

/** Shared with connmark: one `--mark` option, given exactly once. */
export function parseMarkOption(
  module: string,
  options: readonly ParsedOption[],
  ctx: ModuleContext,
): MarkMatchData {
  reportRepeated(module, options, ctx);
  requireOneOf(module, options, ['mark'], ctx);
  let data: MarkMatchData = { value: { value: 0, mask: 0xffffffff }, negated: false };
  for (const o of options) {
    const m = parseMarkMask(o.args[0] ?? '');
    if (!m)
      ctx.report(
        'bad-value',
        `"${o.args[0] ?? ''}" is not a mark (expected VALUE or VALUE/MASK, numbers up to 0xffffffff)`,
        o.span,
      );
    else data = { value: m, negated: o.negated };
  }
  return data;
}

export function explainMark(what: Record<Lang, string>, d: MarkMatchData, lang: Lang): string {
  const { value, mask } = d.value;
  const all = mask === 0xffffffff;
  if (lang === 'ko')
    return `${what.ko}${all ? '' : `(마스크 ${hex(mask)} 안의 비트)`}가 ${hex(value)}${d.negated ? '이 아님' : '임'}`;
  return `${what.en}${all ? '' : ` (bits ${hex(mask)})`} ${d.negated ? 'is not' : 'is'} ${hex(value)}`;
}

const evaluate: MatchEvaluator<MarkMatchData> = (d, ctx) =>
  held((ctx.packet.mark & d.value.mask) >>> 0 === d.value.value, d.negated);

const readList = re(/mark match (! )?(\S+)/, (m) => w('-m', 'mark', m[1] && '!', '--mark', m[2]));

export const mark = defineMatch<MarkMatchData>({
  name: 'mark',
  evaluate,
  readList,
  options: [{ name: 'mark', args: 1, negatable: true }],
  parse: (options, ctx) => parseMarkOption('mark', options, ctx),
  save: (d) => [...bang(d.negated), '--mark', formatMarkMask(d.value)],
  list: (d) => `mark match ${d.negated ? '! ' : ''}${formatMarkMask(d.value)}`,
  explain: (d, lang) => explainMark({ en: 'packet mark', ko: '패킷 마크' }, d, lang),
});
