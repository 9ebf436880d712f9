/** `-m mac --mac-source`: the Ethernet source address of a frame that arrived (not OUTPUT). */
import { bang, defineMatch } from '../types.ts';
import { reportRepeated, requireOneOf } from '../option-checks.ts';
import { reportWrongChain } from './placement.ts';
import { held, type MatchEvaluator } from '../evaluate.ts';
import { re, w } from '../list-text.ts';
import type { Hook } from '../../netfilter/hooks.ts';

export interface MacData {
  /** lower-case, two hex digits per octet, as iptables prints it */
  mac: string;
  negated: boolean;
}

/** `0:1b:A:…` → `00:1b:0a:…`; iptables accepts one or two hex digits per octet. */
export function normalizeMac(text: string): string | undefined {
  const octets = text.split(':');
  if (octets.length !== 6 || !octets.every((o) => /^[0-9a-fA-F]{1,2}$/.test(o))) return undefined;
  return octets.map((o) => o.toLowerCase().padStart(2, '0')).join(':');
}

const MAC_HOOKS: readonly Hook[] = ['PREROUTING', 'INPUT', 'FORWARD'];

const evaluate: MatchEvaluator<MacData> = (d, ctx) => {
  const mac = ctx.packet.srcMac;
  if (mac === undefined || !MAC_HOOKS.includes(ctx.hook)) return 'unknown';
  return held(mac === d.mac, d.negated);
};

const readList = re(/MAC (! )?([0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){5})/, (m) =>
  w('-m', 'mac', m[1] && '!', '--mac-source', m[2]),
);

export const mac = defineMatch<MacData>({
  name: 'mac',
  evaluate,
  readList,
  options: [{ name: 'mac-source', args: 1, negatable: true }],
  parse(options, ctx) {
    const data: MacData = { mac: '', negated: false };
    reportRepeated('mac', options, ctx);
    for (const o of options) {
      const m = normalizeMac(o.args[0] ?? '');
      if (m === undefined)
        ctx.report(
          'bad-value',
          `"${o.args[0] ?? ''}" is not a MAC address (expected six hex octets, aa:bb:cc:dd:ee:ff)`,
          o.span,
        );
      else data.mac = m;
      data.negated = o.negated;
    }
    requireOneOf('mac', options, ['mac-source'], ctx);
    // the kernel allows the match only where a received frame's header is still known
    reportWrongChain('mac', options, ctx, ['PREROUTING', 'INPUT', 'FORWARD']);
    return data;
  },
  save: (d) => [...bang(d.negated), '--mac-source', d.mac],
  list: (d) => `MAC ${d.negated ? '! ' : ''}${d.mac}`,
  explain: (d, lang) =>
    lang === 'ko'
      ? `출발지 MAC 주소 ${d.negated ? '≠' : '='} ${d.mac}`
      : `source MAC address is ${d.negated ? 'not ' : ''}${d.mac}`,
});
