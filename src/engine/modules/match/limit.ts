/**
 * `-m limit`: a token bucket shared by every packet the rule sees — at most `--limit` matches
 * on average, with `--limit-burst` allowed at once. Unset, the rate is 3/hour and the burst 5.
 */
import { defineMatch } from '../types.ts';
import { parseUint } from '../values.ts';
import { reportRepeated } from '../option-checks.ts';
import { formatRate, parseRate, rateWords } from './rate.ts';
import { held, type MatchEvaluator } from '../evaluate.ts';
import { re, w } from '../list-text.ts';

/** xt_limit counts time in 1/10000 s. */
export const LIMIT_SCALE = 10000;
export const DEFAULT_LIMIT_BURST = 5;

export interface LimitData {
  /** the cost of one packet in 1/10000 s, as the kernel stores it */
  period: number;
  burst: number;
}

const DEFAULT_PERIOD = (LIMIT_SCALE * 3600) / 3;

/**
 * Simulated packets arrive all at once, so the bucket starts full and the first `burst` packets
 * that reach the rule match, later ones do not.
 */
const evaluate: MatchEvaluator<LimitData> = (d, ctx) => held(ctx.count() < d.burst);

const readList = re(/limit: avg (\S+) burst (\d+)/, (m) =>
  w('-m', 'limit', '--limit', m[1], m[2] !== '5' && '--limit-burst', m[2] !== '5' && m[2]),
);

export const limit = defineMatch<LimitData>({
  name: 'limit',
  evaluate,
  readList,
  options: [
    { name: 'limit', args: 1 },
    { name: 'limit-burst', args: 1 },
  ],
  parse(options, ctx) {
    const data: LimitData = { period: DEFAULT_PERIOD, burst: DEFAULT_LIMIT_BURST };
    reportRepeated('limit', options, ctx);
    for (const o of options) {
      const arg = o.args[0] ?? '';
      if (o.name === 'limit') {
        const r = parseRate(arg, LIMIT_SCALE);
        if (r === 'bad')
          ctx.report(
            'bad-value',
            `bad rate "${arg}" (expected N or N/second, N/minute, N/hour, N/day)`,
            o.span,
          );
        else if (r === 'too-fast')
          ctx.report('bad-value', `rate "${arg}" is too fast (at most 10000 per second)`, o.span);
        else data.period = r.period;
      } else {
        const v = parseUint(arg, 10000);
        if (v === undefined)
          ctx.report(
            'bad-value',
            `--limit-burst must be a number from 1 to 10000, not "${arg}"`,
            o.span,
          );
        else if (v === 0)
          // iptables-nft stores 0 as the default; the legacy kernel module refuses it
          ctx.report(
            'bad-value',
            '--limit-burst 0 means the default 5 to iptables-nft (legacy iptables refuses it)',
            o.span,
            'warning',
          );
        else data.burst = v;
      }
    }
    return data;
  },
  save(d) {
    const out = ['--limit', formatRate(d.period, LIMIT_SCALE).text];
    if (d.burst !== DEFAULT_LIMIT_BURST) out.push('--limit-burst', String(d.burst));
    return out;
  },
  list: (d) => `limit: avg ${formatRate(d.period, LIMIT_SCALE).text} burst ${d.burst}`,
  explain(d, lang) {
    const rate = rateWords(formatRate(d.period, LIMIT_SCALE).text, lang);
    return lang === 'ko'
      ? `속도 제한: 평균 ${rate}까지 일치(한 번에 최대 ${d.burst}개), 넘으면 불일치`
      : `rate limit: matches up to ${rate} on average (bursts of ${d.burst}), then stops matching`;
  },
});
