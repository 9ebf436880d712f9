/**
 * `-j REJECT [--reject-with TYPE]`: drops the packet and answers with an ICMP error or a TCP RST
 * (filter table only). iptables accepts any case-insensitive prefix of a type's name or alias,
 * taking the first type in its own order that fits, and always prints the full name, the
 * default (port unreachable) included.
 */
import { defineTarget } from '../types.ts';
import type { Lang } from '../../lang.ts';
import { reportRepeated } from '../option-checks.ts';
import { reportRespelled } from '../match/state.ts';
import type { TargetEvaluator } from '../evaluate.ts';
import { wholeText, w } from '../list-text.ts';

export interface RejectData {
  /** the full type name as iptables-save prints it, e.g. `icmp-port-unreachable`, `tcp-reset` */
  with: string;
}

interface RejectType {
  name: string;
  alias: string;
  en: string;
  ko: string;
}

// In iptables' own order: a prefix such as `icmp-h` takes the first type that fits.
const IPV4_TYPES: readonly RejectType[] = [
  {
    name: 'icmp-net-unreachable',
    alias: 'net-unreach',
    en: 'ICMP network unreachable',
    ko: 'ICMP 네트워크 도달 불가',
  },
  {
    name: 'icmp-host-unreachable',
    alias: 'host-unreach',
    en: 'ICMP host unreachable',
    ko: 'ICMP 호스트 도달 불가',
  },
  {
    name: 'icmp-proto-unreachable',
    alias: 'proto-unreach',
    en: 'ICMP protocol unreachable',
    ko: 'ICMP 프로토콜 도달 불가',
  },
  {
    name: 'icmp-port-unreachable',
    alias: 'port-unreach',
    en: 'ICMP port unreachable',
    ko: 'ICMP 포트 도달 불가',
  },
  {
    name: 'icmp-net-prohibited',
    alias: 'net-prohib',
    en: 'ICMP network prohibited',
    ko: 'ICMP 네트워크 금지',
  },
  {
    name: 'icmp-host-prohibited',
    alias: 'host-prohib',
    en: 'ICMP host prohibited',
    ko: 'ICMP 호스트 금지',
  },
  { name: 'tcp-reset', alias: 'tcp-rst', en: 'a TCP reset', ko: 'TCP RST' },
  {
    name: 'icmp-admin-prohibited',
    alias: 'admin-prohib',
    en: 'ICMP administratively prohibited',
    ko: 'ICMP 관리상 금지',
  },
];

const IPV6_TYPES: readonly RejectType[] = [
  { name: 'icmp6-no-route', alias: 'no-route', en: 'ICMPv6 no route', ko: 'ICMPv6 경로 없음' },
  {
    name: 'icmp6-adm-prohibited',
    alias: 'adm-prohibited',
    en: 'ICMPv6 administratively prohibited',
    ko: 'ICMPv6 관리상 금지',
  },
  {
    name: 'icmp6-addr-unreachable',
    alias: 'addr-unreach',
    en: 'ICMPv6 address unreachable',
    ko: 'ICMPv6 주소 도달 불가',
  },
  {
    name: 'icmp6-port-unreachable',
    alias: 'port-unreach',
    en: 'ICMPv6 port unreachable',
    ko: 'ICMPv6 포트 도달 불가',
  },
  { name: 'tcp-reset', alias: 'tcp-reset', en: 'a TCP reset', ko: 'TCP RST' },
  {
    name: 'icmp6-policy-fail',
    alias: 'policy-fail',
    en: 'ICMPv6 policy failure',
    ko: 'ICMPv6 정책 위반',
  },
  {
    name: 'icmp6-reject-route',
    alias: 'reject-route',
    en: 'ICMPv6 reject route',
    ko: 'ICMPv6 거부 경로',
  },
];

function findType(text: string, types: readonly RejectType[]): RejectType | undefined {
  const t = text.toLowerCase();
  return types.find((x) => x.name.startsWith(t) || x.alias.startsWith(t));
}

function describe(name: string, lang: Lang): string {
  const t = IPV4_TYPES.find((x) => x.name === name) ?? IPV6_TYPES.find((x) => x.name === name);
  return t ? t[lang] : name;
}

const evaluate: TargetEvaluator<RejectData> = (d) => ({
  flow: 'verdict',
  verdict: 'REJECT',
  rejectWith: d.with,
});

const readList = wholeText(/^reject-with (\S+)$/, (m) => w('--reject-with', m[1]));

export const reject = defineTarget<RejectData>({
  name: 'REJECT',
  evaluate,
  readList,
  flow: 'terminal',
  tables: ['filter'],
  options: [{ name: 'reject-with', args: 1 }],
  parse(options, ctx) {
    reportRepeated('REJECT', options, ctx);
    const types = ctx.family === 'ipv6' ? IPV6_TYPES : IPV4_TYPES;
    const data: RejectData = {
      with: ctx.family === 'ipv6' ? 'icmp6-port-unreachable' : 'icmp-port-unreachable',
    };
    for (const o of options) {
      const arg = o.args[0] ?? '';
      const t = findType(arg, types);
      if (!t) {
        ctx.report(
          'bad-value',
          `unknown reject type "${arg}" (expected one of ${types.map((x) => x.name).join(', ')})`,
          o.span,
        );
        continue;
      }
      data.with = t.name;
      if (arg !== t.name) reportRespelled([[arg, t.name]], o.span, ctx);
      // the kernel refuses a TCP reset for a rule that may see other protocols
      if (t.name === 'tcp-reset' && ctx.protocol !== 'tcp')
        ctx.report(
          'target-not-allowed',
          '--reject-with tcp-reset needs the rule to match -p tcp',
          o.span,
        );
    }
    return data;
  },
  save: (d) => ['--reject-with', d.with],
  list: (d) => `reject-with ${d.with}`,
  explain: (d, lang) =>
    lang === 'ko'
      ? `패킷을 버리고 ${describe(d.with, lang)}(으)로 응답 (REJECT)`
      : `drops the packet and answers with ${describe(d.with, lang)} (REJECT)`,
});
