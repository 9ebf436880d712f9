/**
 * The chains felix writes on every node whatever the policies (v3.29, no IPIP/VXLAN/WireGuard,
 * no host endpoints, DefaultEndpointToHostAction ACCEPT as the official manifests set it):
 * its jumps at the top of the built-in chains, the FORWARD tail that accepts what a policy
 * marked, cali-FORWARD/INPUT/OUTPUT and the pool masquerade in nat.
 */
import type { CniRules } from '../cni-rules.ts';
import { declareChain } from '../cni-rules.ts';
import { calicoProv, emit, goto, jump, setMark, type Entry } from './emit.ts';
import type { FelixRule } from './felix.ts';
import { ACCEPT, ALL_BITS } from './marks.ts';

export const IFACE_PREFIX = 'cali';
export const ALL_POOLS_SET = 'cali40all-ipam-pools';
export const MASQ_POOLS_SET = 'cali40masq-ipam-pools';

const r = (
  match: FelixRule['match'],
  action: FelixRule['action'],
  comments: string[] = [],
): FelixRule => ({ comments, match, action });
const accepted = { kind: 'mark', value: ACCEPT, mask: ACCEPT } as const;
const ACCEPT_TARGET = jump('ACCEPT');

function staticEntries(rules: FelixRule[]): Entry[] {
  return rules.map((rule) => ({ rule, prov: calicoProv('policy-static') }));
}

function hooks(out: CniRules): void {
  const hook = (table: 'filter' | 'nat', chain: string): void =>
    emit(
      out,
      table,
      chain,
      [{ rule: r([], jump(`cali-${chain}`)), prov: calicoProv('policy-hook') }],
      'top',
    );
  hook('filter', 'INPUT');
  hook('filter', 'FORWARD');
  hook('filter', 'OUTPUT');
  hook('nat', 'PREROUTING');
  hook('nat', 'OUTPUT');
  emit(
    out,
    'filter',
    'FORWARD',
    [
      {
        rule: r([accepted], ACCEPT_TARGET, ['Policy explicitly accepted packet.']),
        prov: calicoProv('policy-hook'),
      },
      { rule: r([], setMark(ACCEPT, ACCEPT)), prov: calicoProv('policy-hook') },
    ],
    'bottom',
  );
  // appended since v3.29, so kube-proxy's masquerade runs first
  emit(
    out,
    'nat',
    'POSTROUTING',
    [{ rule: r([], jump('cali-POSTROUTING')), prov: calicoProv('policy-hook') }],
    'bottom',
  );
}

function filterChains(out: CniRules): void {
  const wl = { kind: 'in', iface: `${IFACE_PREFIX}+` } as const;
  emit(
    out,
    'filter',
    'cali-FORWARD',
    staticEntries([
      r([], setMark(0, ALL_BITS & ~ACCEPT)),
      r([{ kind: 'mark', value: 0, mask: ACCEPT }], jump('cali-from-hep-forward')),
      r([wl], jump('cali-from-wl-dispatch')),
      r([{ kind: 'out', iface: `${IFACE_PREFIX}+` }], jump('cali-to-wl-dispatch')),
      r([], jump('cali-to-hep-forward')),
      r([], jump('cali-cidr-block')),
    ]),
  );
  emit(
    out,
    'filter',
    'cali-INPUT',
    staticEntries([
      r([wl], goto('cali-wl-to-host')),
      r([accepted], ACCEPT_TARGET),
      r([], setMark(0, ALL_BITS)),
      r([], jump('cali-from-host-endpoint')),
      r([accepted], ACCEPT_TARGET, ['Host endpoint policy accepted packet.']),
    ]),
  );
  emit(
    out,
    'filter',
    'cali-wl-to-host',
    staticEntries([
      r([], jump('cali-from-wl-dispatch')),
      r([], ACCEPT_TARGET, ['Configured DefaultEndpointToHostAction']),
    ]),
  );
  emit(
    out,
    'filter',
    'cali-OUTPUT',
    staticEntries([
      r([accepted], ACCEPT_TARGET),
      // the node's own packets to its pods are never policed
      r([{ kind: 'out', iface: `${IFACE_PREFIX}+` }], jump('RETURN')),
      r([], setMark(0, ALL_BITS)),
      r([{ kind: 'ctstate', states: 'DNAT', negate: true }], jump('cali-to-host-endpoint')),
      r([accepted], ACCEPT_TARGET, ['Host endpoint policy accepted packet.']),
    ]),
  );
  for (const c of [
    'cali-from-hep-forward',
    'cali-to-hep-forward',
    'cali-cidr-block',
    'cali-from-host-endpoint',
    'cali-to-host-endpoint',
  ])
    declareChain(out, 'filter', c);
}

function natChains(out: CniRules, randomFully: boolean): void {
  emit(out, 'nat', 'cali-PREROUTING', staticEntries([r([], jump('cali-fip-dnat'))]));
  emit(out, 'nat', 'cali-OUTPUT', staticEntries([r([], jump('cali-fip-dnat'))]));
  emit(
    out,
    'nat',
    'cali-POSTROUTING',
    staticEntries([r([], jump('cali-fip-snat')), r([], jump('cali-nat-outgoing'))]),
  );
  emit(out, 'nat', 'cali-nat-outgoing', [
    {
      rule: r(
        [
          { kind: 'set', name: MASQ_POOLS_SET, dirs: 'src' },
          { kind: 'set', name: ALL_POOLS_SET, dirs: 'dst', negate: true },
        ],
        { kind: 'masquerade', randomFully },
      ),
      prov: calicoProv('policy-nat'),
    },
  ]);
  declareChain(out, 'nat', 'cali-fip-dnat');
  declareChain(out, 'nat', 'cali-fip-snat');
}

/** Everything felix writes that does not depend on the pods and policies. */
export function staticRules(out: CniRules, randomFully: boolean): void {
  hooks(out);
  filterChains(out);
  natChains(out, randomFully);
}
