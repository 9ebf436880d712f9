/**
 * `-m physdev`: the bridge ports a bridged frame came in on or leaves by. Seen by iptables only
 * when br_netfilter passes bridged traffic through it (Docker, Kubernetes CNI bridges).
 */
import { isBuiltinChain, type Negatable } from '../../rules/model-face.ts';
import { bang, defineMatch } from '../types.ts';
import { reportRepeated, requireOneOf } from '../option-checks.ts';
import { held, interfaceMatches, type MatchEvaluator, type MatchResult } from '../evaluate.ts';
import { parts, w } from '../list-text.ts';

export function isInterfaceName(s: string): boolean {
  // IFNAMSIZ is 16 with the NUL; `+` at the end is iptables' wildcard
  return s.length > 0 && s.length <= 15 && !/[\s/]/.test(s) && !s.slice(0, -1).includes('+');
}

export interface PhysdevData {
  isIn?: Negatable<true>;
  in?: Negatable<string>;
  isOut?: Negatable<true>;
  out?: Negatable<string>;
  isBridged?: Negatable<true>;
}

/** The order iptables prints, whatever order they were written in. */
function physdevWords(d: PhysdevData): string[] {
  const out: string[] = [];
  if (d.isIn) out.push(...bang(d.isIn.negated), '--physdev-is-in');
  if (d.in) out.push(...bang(d.in.negated), '--physdev-in', d.in.value);
  if (d.isOut) out.push(...bang(d.isOut.negated), '--physdev-is-out');
  if (d.out) out.push(...bang(d.out.negated), '--physdev-out', d.out.value);
  if (d.isBridged) out.push(...bang(d.isBridged.negated), '--physdev-is-bridged');
  return out;
}

function allNegated(d: PhysdevData): boolean {
  return [d.isIn, d.in, d.isOut, d.out, d.isBridged].every((o) => o === undefined || o.negated);
}

const evaluate: MatchEvaluator<PhysdevData> = (d, ctx) => {
  if (!ctx.viaBridge) return held(allNegated(d));
  const physOutKnown = ctx.physOut !== null || !ctx.bridged;
  const flag = (o: Negatable<true> | undefined, present: boolean) => !o || present !== o.negated;
  if (!flag(d.isIn, true) || !flag(d.isOut, ctx.bridged) || !flag(d.isBridged, ctx.bridged))
    return 'nomatch';
  let result: MatchResult = 'match';
  if (d.in) {
    // a packet that arrived on the bridge device itself does not say which port it came from
    if (ctx.physIn === null) result = 'unknown';
    else if (interfaceMatches(d.in.value, ctx.physIn) === d.in.negated) return 'nomatch';
  }
  if (d.out) {
    if (!physOutKnown) result = 'unknown';
    else if (interfaceMatches(d.out.value, ctx.physOut ?? '') === d.out.negated) return 'nomatch';
  }
  return result;
};

const readList = parts(
  'PHYSDEV match',
  'physdev',
  /(! )?(--physdev-(?:in|out)) (\S+)|(! )?(--physdev-is-(?:in|out|bridged))/,
  (m) => (m[2] ? w(m[1] && '!', m[2], m[3]) : w(m[4] && '!', m[5])),
);

export const physdev = defineMatch<PhysdevData>({
  name: 'physdev',
  evaluate,
  readList,
  options: [
    { name: 'physdev-in', args: 1, negatable: true },
    { name: 'physdev-out', args: 1, negatable: true },
    { name: 'physdev-is-in', args: 0, negatable: true },
    { name: 'physdev-is-out', args: 0, negatable: true },
    { name: 'physdev-is-bridged', args: 0, negatable: true },
  ],
  parse(options, ctx) {
    const data: PhysdevData = {};
    reportRepeated('physdev', options, ctx);
    for (const o of options) {
      const flag: Negatable<true> = { value: true, negated: o.negated };
      if (o.name === 'physdev-is-in') data.isIn = flag;
      else if (o.name === 'physdev-is-out') data.isOut = flag;
      else if (o.name === 'physdev-is-bridged') data.isBridged = flag;
      else {
        const name = o.args[0] ?? '';
        if (!isInterfaceName(name)) {
          ctx.report(
            'bad-value',
            `"${name}" is not an interface name (at most 15 characters, "+" only at the end)`,
            o.span,
          );
          continue;
        }
        if (o.name === 'physdev-in') data.in = { value: name, negated: o.negated };
        else data.out = { value: name, negated: o.negated };
      }
    }
    requireOneOf(
      'physdev',
      options,
      ['physdev-in', 'physdev-out', 'physdev-is-in', 'physdev-is-out', 'physdev-is-bridged'],
      ctx,
    );
    // in OUTPUT a bridge's output port is not known yet, unless the packet is bridged: the
    // kernel refuses the rule
    if (
      (data.out || data.isOut) &&
      (!data.isBridged || data.isBridged.negated) &&
      ctx.chain === 'OUTPUT' &&
      isBuiltinChain(ctx.table, ctx.chain)
    )
      ctx.report(
        'target-not-allowed',
        'the kernel refuses --physdev-out and --physdev-is-out in OUTPUT without --physdev-is-bridged',
        ctx.span ?? options[0]!.span,
      );
    return data;
  },
  save: physdevWords,
  list: (d) => ['PHYSDEV match', ...physdevWords(d)].join(' '),
  explain(d, lang) {
    const ko = lang === 'ko';
    const parts: string[] = [];
    const not = (n: boolean) => (n ? (ko ? ' 아님' : 'not ') : '');
    if (d.in)
      parts.push(
        ko
          ? `들어온 브리지 포트 ${d.in.value}${not(d.in.negated)}`
          : `${not(d.in.negated)}in on bridge port ${d.in.value}`,
      );
    if (d.out)
      parts.push(
        ko
          ? `나갈 브리지 포트 ${d.out.value}${not(d.out.negated)}`
          : `${not(d.out.negated)}out by bridge port ${d.out.value}`,
      );
    if (d.isIn)
      parts.push(
        ko
          ? `브리지 포트로 들어옴${not(d.isIn.negated)}`
          : `${not(d.isIn.negated)}entered by a bridge port`,
      );
    if (d.isOut)
      parts.push(
        ko
          ? `브리지 포트로 나감${not(d.isOut.negated)}`
          : `${not(d.isOut.negated)}leaving by a bridge port`,
      );
    if (d.isBridged)
      parts.push(
        ko
          ? `브리지 안에서 전달됨${not(d.isBridged.negated)}`
          : `${not(d.isBridged.negated)}bridged (forwarded within the bridge)`,
      );
    return `${ko ? '브리지' : 'bridge'}: ${parts.join(', ')}`;
  },
});
