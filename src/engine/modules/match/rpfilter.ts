/**
 * `-m rpfilter`: reverse-path filtering — would a reply to this packet's source leave by the
 * interface it came in on? The kernel allows it only in the raw and mangle PREROUTING chains.
 */
import { defineMatch } from '../types.ts';
import { reportRepeated } from '../option-checks.ts';
import { reportWrongChain, reportWrongTable } from './placement.ts';
import { held, type MatchEvaluator } from '../evaluate.ts';
import { parts, w } from '../list-text.ts';

export interface RpfilterData {
  /** any route back to the source will do, whatever its interface */
  loose: boolean;
  /** use the packet's mark in the reverse lookup */
  validmark: boolean;
  /** a source address of this host is accepted */
  acceptLocal: boolean;
  /** match packets that fail the check */
  invert: boolean;
}

function rpfilterFlags(d: RpfilterData): string[] {
  const out: string[] = [];
  if (d.loose) out.push('loose');
  if (d.validmark) out.push('validmark');
  if (d.acceptLocal) out.push('accept-local');
  if (d.invert) out.push('invert');
  return out;
}

const evaluate: MatchEvaluator<RpfilterData> = (d, ctx) => {
  if (ctx.inIface === 'lo' || ctx.inIface === null) return held(true, d.invert);
  const back = ctx.routeTo(ctx.packet.src);
  let ok: boolean;
  if (back.kind === 'local') ok = d.acceptLocal && !back.broadcast;
  else if (back.kind === 'unicast') ok = d.loose || back.dev === ctx.inIface;
  else ok = false;
  return held(ok, d.invert);
};

const readList = parts('rpfilter', 'rpfilter', /loose|validmark|accept-local|invert/, (m) =>
  w(`--${m[0]}`),
);

export const rpfilter = defineMatch<RpfilterData>({
  name: 'rpfilter',
  evaluate,
  readList,
  options: [
    { name: 'loose', args: 0 },
    { name: 'validmark', args: 0 },
    { name: 'accept-local', args: 0 },
    { name: 'invert', args: 0 },
  ],
  parse(options, ctx) {
    reportRepeated('rpfilter', options, ctx);
    if (reportWrongTable('rpfilter', options, ctx, ['raw', 'mangle']))
      reportWrongChain('rpfilter', options, ctx, ['PREROUTING']);
    const has = (n: string) => options.some((o) => o.name === n);
    return {
      loose: has('loose'),
      validmark: has('validmark'),
      acceptLocal: has('accept-local'),
      invert: has('invert'),
    };
  },
  save: (d) => rpfilterFlags(d).map((f) => `--${f}`),
  list: (d) => ['rpfilter', ...rpfilterFlags(d)].join(' '),
  explain(d, lang) {
    const ko = lang === 'ko';
    const extra: string[] = [];
    if (d.loose) extra.push(ko ? '느슨한 검사: 경로만 있으면 됨' : 'loose: any route back will do');
    if (d.validmark) extra.push(ko ? '패킷 마크로 경로 조회' : 'route lookup uses the mark');
    if (d.acceptLocal)
      extra.push(ko ? '이 호스트의 주소도 허용' : "this host's own addresses accepted");
    const head = d.invert
      ? ko
        ? '역경로 검사에 실패한 패킷'
        : 'packet fails the reverse-path check'
      : ko
        ? '역경로 검사를 통과한 패킷(응답이 들어온 인터페이스로 나감)'
        : 'packet passes the reverse-path check (a reply would leave by the interface it came in on)';
    return extra.length ? `${head}; ${extra.join(', ')}` : head;
  },
});
