/** `-m connmark --mark VALUE[/MASK]`: the mark of the packet's connection (ctmark). */
import { bang, defineMatch } from '../types.ts';
import { formatMarkMask } from '../values.ts';
import { explainMark, parseMarkOption, type MarkMatchData } from './mark.ts';
import { held, type MatchEvaluator } from '../evaluate.ts';
import { re, w } from '../list-text.ts';

const evaluate: MatchEvaluator<MarkMatchData> = (d, ctx) => {
  const entry = ctx.ct?.entry;
  if (!entry) return 'nomatch';
  return held((entry.mark & d.value.mask) >>> 0 === d.value.value, d.negated);
};

const readList = re(/connmark match (! | )(\S+)/, (m) =>
  w('-m', 'connmark', m[1] === '! ' && '!', '--mark', m[2]),
);

export const connmark = defineMatch<MarkMatchData>({
  name: 'connmark',
  evaluate,
  readList,
  options: [{ name: 'mark', args: 1, negatable: true }],
  parse: (options, ctx) => parseMarkOption('connmark', options, ctx),
  save: (d) => [...bang(d.negated), '--mark', formatMarkMask(d.value)],
  // iptables prints "!" or nothing, then a space: two spaces when not negated
  list: (d) => `connmark match ${d.negated ? '!' : ''} ${formatMarkMask(d.value)}`,
  explain: (d, lang) => explainMark({ en: 'connection mark', ko: '연결 마크' }, d, lang),
});
