/** `-m pkttype --pkt-type`: the link-layer class of a received packet (to us, to all, to a group). */
import { bang, defineMatch } from '../types.ts';
import { reportRepeated, requireOneOf } from '../option-checks.ts';
import { reportRespelled } from './state.ts';
import { held, type MatchEvaluator } from '../evaluate.ts';
import { re, w } from '../list-text.ts';

export type PacketType = 'unicast' | 'broadcast' | 'multicast' | 'otherhost';

export interface PkttypeData {
  type: PacketType;
  negated: boolean;
}

/** Names iptables accepts (any case), with its short aliases; it prints the first four. */
const PACKET_TYPES: Readonly<Record<string, PacketType>> = {
  unicast: 'unicast',
  broadcast: 'broadcast',
  multicast: 'multicast',
  otherhost: 'otherhost',
  host: 'unicast',
  bcast: 'broadcast',
  mcast: 'multicast',
};

const EXPLAIN: Record<PacketType, { en: string; ko: string }> = {
  unicast: { en: 'unicast (addressed to this host)', ko: '유니캐스트(이 호스트 앞)' },
  broadcast: { en: 'broadcast', ko: '브로드캐스트' },
  multicast: { en: 'multicast', ko: '멀티캐스트' },
  otherhost: { en: 'addressed to another host', ko: '다른 호스트 앞' },
};

const evaluate: MatchEvaluator<PkttypeData> = (d, ctx) => {
  const dst = ctx.packet.dst;
  const multicast = typeof dst === 'bigint' ? dst >> 120n === 0xffn : dst >>> 28 === 0xe;
  const type = multicast ? 'multicast' : ctx.isBroadcast(dst) ? 'broadcast' : 'unicast';
  return held(type === d.type, d.negated);
};

const readList = re(/PKTTYPE (!?)= (\S+)/, (m) =>
  w('-m', 'pkttype', m[1] === '!' && '!', '--pkt-type', m[2]),
);

export const pkttype = defineMatch<PkttypeData>({
  name: 'pkttype',
  evaluate,
  readList,
  options: [{ name: 'pkt-type', args: 1, negatable: true }],
  parse(options, ctx) {
    const data: PkttypeData = { type: 'unicast', negated: false };
    reportRepeated('pkttype', options, ctx);
    for (const o of options) {
      const t = PACKET_TYPES[(o.args[0] ?? '').toLowerCase()];
      if (!t)
        ctx.report(
          'bad-value',
          `unknown packet type "${o.args[0] ?? ''}" (expected unicast, broadcast, multicast or otherhost)`,
          o.span,
        );
      else {
        data.type = t;
        if (o.args[0] !== t) reportRespelled([[o.args[0] ?? '', t]], o.span, ctx);
      }
      data.negated = o.negated;
    }
    requireOneOf('pkttype', options, ['pkt-type'], ctx);
    return data;
  },
  save: (d) => [...bang(d.negated), '--pkt-type', d.type],
  list: (d) => `PKTTYPE ${d.negated ? '!' : ''}= ${d.type}`,
  explain: (d, lang) =>
    lang === 'ko'
      ? `패킷 종류: ${EXPLAIN[d.type].ko}${d.negated ? ' 아님' : ''}`
      : `packet type is ${d.negated ? 'not ' : ''}${EXPLAIN[d.type].en}`,
});
