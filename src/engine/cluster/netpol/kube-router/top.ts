/**
 * What kube-router writes on every node whatever the pods and policies: its jumps at the top of
 * INPUT, FORWARD and OUTPUT, the RETURNs at the head of KUBE-ROUTER-INPUT that leave Service and
 * NodePort traffic to the node alone, KUBE-NWPLCY-COMMON (conntrack state and the ICMP it always
 * lets through, v2.6+) and KUBE-NWPLCY-DEFAULT, and k3s's accept of what passed every pod chain,
 * put in the built-in chains after their last KUBE rule.
 */
import { formatPrefix, type Ipv4Prefix } from '../../../netfilter/ipv4.ts';
import type { CniRules } from '../cni-rules.ts';
import {
  comment,
  emit,
  hasMark,
  krProv,
  PASSED_MARK,
  POLICY_MARK,
  quoted,
  setMark,
  type Entry,
} from './emit.ts';
import {
  COMMON_CHAIN,
  DEFAULT_CHAIN,
  FORWARD_CHAIN,
  INPUT_CHAIN,
  OUTPUT_CHAIN,
  ruleId,
} from './names.ts';

/** The NodePort range k3s hands the controller, in multiport's spelling. */
export const NODE_PORT_RANGE = '30000:32767';

export const HOOKS: [builtin: string, chain: string][] = [
  ['INPUT', INPUT_CHAIN],
  ['FORWARD', FORWARD_CHAIN],
  ['OUTPUT', OUTPUT_CHAIN],
];

/**
 * A rule whose comment ends in the ID kube-router derives from its words: `written` is the rule
 * as the controller writes it (comment text unquoted), `front` what iptables-save prints before
 * the comment, `back` after it.
 */
function identified(
  chain: string,
  text: string,
  written: string[],
  front: string[],
  back: string[],
) {
  const id = ruleId(chain, written);
  return [...front, '-m', 'comment', '--comment', quoted(`${text} - ${id}`), ...back];
}

function hooks(out: CniRules): void {
  for (const [builtin, chain] of HOOKS) {
    const text = 'kube-router netpol';
    const args = identified(
      builtin,
      text,
      ['-m', 'comment', '--comment', text, '-j', chain],
      [],
      ['-j', chain],
    );
    emit(out, builtin, [{ args, prov: krProv('policy-hook') }], 'top');
    // k3s's fork: the accept goes into the built-in chain, after its last KUBE rule
    emit(
      out,
      builtin,
      [
        {
          args: [
            ...comment(
              'KUBE-ROUTER rule to explicitly ACCEPT traffic that comply to network policies',
            ),
            ...hasMark(PASSED_MARK),
            '-j',
            'ACCEPT',
          ],
          prov: krProv('policy-hook'),
        },
      ],
      'bottom',
    );
  }
}

function inputWhitelist(serviceCIDR: Ipv4Prefix): Entry[] {
  const prov = krProv('policy-static');
  const cidr = formatPrefix(serviceCIDR);
  const vip = 'allow traffic to primary/secondary cluster IP range';
  const out: Entry[] = [
    {
      args: identified(
        INPUT_CHAIN,
        vip,
        ['-m', 'comment', '--comment', vip, '-d', cidr, '-j', 'RETURN'],
        ['-d', cidr],
        ['-j', 'RETURN'],
      ),
      prov,
    },
  ];
  for (const proto of ['tcp', 'udp']) {
    const text = `allow LOCAL ${proto.toUpperCase()} traffic to node ports`;
    const match = [
      '-m',
      'addrtype',
      '--dst-type',
      'LOCAL',
      '-m',
      'multiport',
      '--dports',
      NODE_PORT_RANGE,
    ];
    const written = ['-p', proto, '-m', 'comment', '--comment', text, ...match, '-j', 'RETURN'];
    out.push({
      args: identified(INPUT_CHAIN, text, written, ['-p', proto], [...match, '-j', 'RETURN']),
      prov,
    });
  }
  return out;
}

const ICMP_ALLOWED: [type: number, text: string][] = [
  [8, 'allow icmp echo requests'],
  [3, 'allow icmp destination unreachable messages'],
  [11, 'allow icmp time exceeded messages'],
];

function commonEntries(): Entry[] {
  const prov = krProv('policy-static');
  return [
    {
      args: [
        ...comment('rule to drop invalid state for pod'),
        ...['-m', 'conntrack', '--ctstate', 'INVALID', '-j', 'DROP'],
      ],
      prov,
    },
    {
      args: [
        ...comment('rule for stateful firewall for pod'),
        ...['-m', 'conntrack', '--ctstate', 'RELATED,ESTABLISHED', '-j', 'ACCEPT'],
      ],
      prov,
    },
    ...ICMP_ALLOWED.map(([type, text]) => ({
      args: [
        '-p',
        'icmp',
        ...comment(text),
        '-m',
        'icmp',
        '--icmp-type',
        String(type),
        '-j',
        'ACCEPT',
      ],
      prov,
    })),
  ];
}

/** Everything kube-router writes that does not depend on the pods and policies. */
export function staticRules(out: CniRules, serviceCIDR: Ipv4Prefix): void {
  hooks(out);
  emit(out, INPUT_CHAIN, inputWhitelist(serviceCIDR));
  emit(out, FORWARD_CHAIN, []);
  emit(out, OUTPUT_CHAIN, []);
  emit(out, COMMON_CHAIN, commonEntries());
  emit(out, DEFAULT_CHAIN, [
    {
      args: [...comment('rule to mark traffic matching a network policy'), ...setMark(POLICY_MARK)],
      prov: krProv('policy-static'),
    },
  ]);
}
