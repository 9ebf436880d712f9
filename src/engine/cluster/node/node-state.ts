/**
 * A node's rules as iptables-save shows them after kubelet and kube-proxy have run: kube-proxy's
 * restore input merged with what both write outside it, in iptables-save's order.
 *
 * Facts (kubernetes pkg/kubelet/kubelet_network_linux.go, pkg/proxy/iptables/proxier.go, and
 * `iptables -L` of current nodes):
 * - kubelet starts first: KUBE-KUBELET-CANARY in mangle, nat and filter; KUBE-FIREWALL with the
 *   "block incoming localnet connections" rule, jumped to from INPUT and OUTPUT;
 * - kube-proxy adds KUBE-PROXY-CANARY to the same tables and inserts its jump rules at the top of
 *   the built-in chains one by one (each "-I", skipped when already there), so the last in its
 *   list ends up first: INPUT gets KUBE-PROXY-FIREWALL, KUBE-NODEPORTS, KUBE-EXTERNAL-SERVICES
 *   above kubelet's KUBE-FIREWALL;
 * - iptables-save (nft and legacy alike) prints tables as mangle, filter, nat, built-in chains
 *   first, then user chains sorted by name, then every chain's rules in chain order.
 */
import {
  BLOCK_LOCALNET,
  MARK_DROP,
  type ProxierOutput,
  type RestoreTable,
} from '../proxier/index.ts';
import type { KubeProxyVersion } from '../model/model.ts';
import { restoreLine, type RuleWord } from '../restore/restore-rule.ts';
import type { RuleProvenance } from './provenance.ts';
import { BUILTIN_CHAINS, type Family, type TableName } from '../../rules/index.ts';
import type { CniRules } from '../netpol/cni-rules.ts';

export interface StateRule {
  table: TableName;
  chain: string;
  args: RuleWord[];
  prov: RuleProvenance;
}

export interface NodeRules {
  /** user chains per table, sorted by name (iptables-save's order) */
  chains: Map<TableName, string[]>;
  rules: StateRule[];
}

interface Jump {
  table: TableName;
  from: string;
  to: string;
  comment: string;
  extra: string[];
}

// kube-proxy's jump list, in the order it ensures them
const NEW = ['-m', 'conntrack', '--ctstate', 'NEW'];
const PROXY_JUMPS: Jump[] = [
  {
    table: 'filter',
    from: 'INPUT',
    to: 'KUBE-EXTERNAL-SERVICES',
    comment: 'kubernetes externally-visible service portals',
    extra: NEW,
  },
  {
    table: 'filter',
    from: 'FORWARD',
    to: 'KUBE-EXTERNAL-SERVICES',
    comment: 'kubernetes externally-visible service portals',
    extra: NEW,
  },
  {
    table: 'filter',
    from: 'INPUT',
    to: 'KUBE-NODEPORTS',
    comment: 'kubernetes health check service ports',
    extra: [],
  },
  {
    table: 'filter',
    from: 'FORWARD',
    to: 'KUBE-SERVICES',
    comment: 'kubernetes service portals',
    extra: NEW,
  },
  {
    table: 'filter',
    from: 'OUTPUT',
    to: 'KUBE-SERVICES',
    comment: 'kubernetes service portals',
    extra: NEW,
  },
  {
    table: 'filter',
    from: 'FORWARD',
    to: 'KUBE-FORWARD',
    comment: 'kubernetes forwarding rules',
    extra: [],
  },
  {
    table: 'filter',
    from: 'INPUT',
    to: 'KUBE-PROXY-FIREWALL',
    comment: 'kubernetes load balancer firewall',
    extra: NEW,
  },
  {
    table: 'filter',
    from: 'OUTPUT',
    to: 'KUBE-PROXY-FIREWALL',
    comment: 'kubernetes load balancer firewall',
    extra: NEW,
  },
  {
    table: 'filter',
    from: 'FORWARD',
    to: 'KUBE-PROXY-FIREWALL',
    comment: 'kubernetes load balancer firewall',
    extra: NEW,
  },
  {
    table: 'nat',
    from: 'OUTPUT',
    to: 'KUBE-SERVICES',
    comment: 'kubernetes service portals',
    extra: [],
  },
  {
    table: 'nat',
    from: 'PREROUTING',
    to: 'KUBE-SERVICES',
    comment: 'kubernetes service portals',
    extra: [],
  },
  {
    table: 'nat',
    from: 'POSTROUTING',
    to: 'KUBE-POSTROUTING',
    comment: 'kubernetes postrouting rules',
    extra: [],
  },
];

const CANARY_TABLES: TableName[] = ['mangle', 'nat', 'filter'];

/** iptables-save's table order. */
export const SAVE_TABLE_ORDER: TableName[] = ['raw', 'mangle', 'filter', 'security', 'nat'];

/** What kubelet and kube-proxy write outside kube-proxy's restore input. */
export interface FixedRules {
  /** every chain of each table, built-in chains aside */
  chains: Map<TableName, Set<string>>;
  /** the rules of each built-in chain, by `table/chain` */
  builtin: Map<string, StateRule[]>;
  /** kubelet's rules of a user chain, by `table/chain`, where kube-proxy writes none */
  kubeletChains: Map<string, StateRule[]>;
}

/**
 * The chains and built-in chain rules around kube-proxy's restore input (which declares
 * `declared`) in the layout of its release, and a CNI's when it writes policy rules: its jumps go
 * above kube-proxy's (felix inserts them at the top and keeps them there), its tail rules below.
 */
export function fixedRules(
  declared: Record<RestoreTable, readonly string[]>,
  layout: KubeProxyVersion['layout'] = 'current',
  cni?: CniRules,
  family: Family = 'ipv4',
): FixedRules {
  const chains = new Map<TableName, Set<string>>();
  const chainSet = (t: TableName): Set<string> => {
    let s = chains.get(t);
    if (!s) chains.set(t, (s = new Set()));
    return s;
  };
  const builtin = new Map<string, StateRule[]>();
  const builtinRules = (t: TableName, c: string): StateRule[] => {
    const k = `${t}/${c}`;
    let l = builtin.get(k);
    if (!l) builtin.set(k, (l = []));
    return l;
  };

  // kubelet
  for (const t of CANARY_TABLES) chainSet(t).add('KUBE-KUBELET-CANARY');
  chainSet('filter').add('KUBE-FIREWALL');
  for (const from of ['INPUT', 'OUTPUT'])
    builtinRules('filter', from).push({
      table: 'filter',
      chain: from,
      args: ['-j', 'KUBE-FIREWALL'],
      prov: kubelet('hook-jump'),
    });

  const kubeletChains = new Map<string, StateRule[]>();
  if (layout === 'legacy') {
    // before 1.24 kubelet also kept KUBE-MARK-DROP, which KUBE-FW and KUBE-XLB jumped to
    chainSet('nat').add(MARK_DROP);
    kubeletChains.set(`nat/${MARK_DROP}`, [legacyMarkDrop()]);
    kubeletChains.set('filter/KUBE-FIREWALL', [legacyDropMarked(), kubeletFirewallRule()]);
  } else if (family === 'ipv4') kubeletChains.set('filter/KUBE-FIREWALL', [kubeletFirewallRule()]);
  // ip6tables: kubelet's KUBE-FIREWALL stays empty (127.0.0.0/8 is IPv4's), its jumps kept

  // kube-proxy: canaries and jumps (to the chains this release has)
  for (const t of CANARY_TABLES) chainSet(t).add('KUBE-PROXY-CANARY');
  for (const j of PROXY_JUMPS) {
    if (!declared[j.table as RestoreTable].includes(j.to)) continue;
    chainSet(j.table).add(j.to);
    const list = builtinRules(j.table, j.from);
    if (list.some((r) => r.args[r.args.length - 1] === j.to && r.prov.writer === 'kube-proxy'))
      continue;
    list.unshift({
      table: j.table,
      chain: j.from,
      args: [...j.extra, '-m', 'comment', '--comment', `"${j.comment}"`, '-j', j.to],
      prov: { writer: 'kube-proxy', role: 'hook-jump', sources: [] },
    });
  }

  // kube-proxy's restore input replaces the chains it declares
  for (const t of ['filter', 'nat'] as RestoreTable[])
    for (const c of declared[t]) chainSet(t).add(c);

  if (cni) {
    for (const [t, set] of cni.chains) for (const c of set) chainSet(t).add(c);
    for (let i = cni.top.length - 1; i >= 0; i--) {
      const r = cni.top[i]!;
      builtinRules(r.table, r.chain).unshift(r);
    }
    for (const r of cni.bottom) builtinRules(r.table, r.chain).push(r);
  }
  return { chains, builtin, kubeletChains };
}

const DROP_MARK = '0x8000';

function legacyMarkDrop(): StateRule {
  return {
    table: 'nat',
    chain: MARK_DROP,
    args: ['-j', 'MARK', '--or-mark', DROP_MARK],
    prov: kubelet('firewall-fallthrough'),
  };
}

function legacyDropMarked(): StateRule {
  return {
    table: 'filter',
    chain: 'KUBE-FIREWALL',
    args: [
      '-m',
      'comment',
      '--comment',
      '"kubernetes firewall for dropping marked packets"',
      '-m',
      'mark',
      '--mark',
      `${DROP_MARK}/${DROP_MARK}`,
      '-j',
      'DROP',
    ],
    prov: kubelet('firewall-drop'),
  };
}

function kubelet(role: RuleProvenance['role']): RuleProvenance {
  return { writer: 'kubelet', role, sources: [] };
}

/** Without kube-proxy's own copy, KUBE-FIREWALL keeps kubelet's identical rule. */
export function kubeletFirewallRule(): StateRule {
  return {
    table: 'filter',
    chain: 'KUBE-FIREWALL',
    args: BLOCK_LOCALNET.args,
    prov: kubelet('block-localnet'),
  };
}

export function nodeRules(
  proxy: ProxierOutput,
  layout: KubeProxyVersion['layout'] = 'current',
  family: Family = 'ipv4',
): NodeRules {
  const { chains, builtin, kubeletChains } = fixedRules(proxy.chains, layout, undefined, family);
  const declaredIn: Record<RestoreTable, Map<string, StateRule[]>> = {
    filter: new Map(),
    nat: new Map(),
  };
  // a chain's rules mostly follow each other: look the list up only when the chain changes
  let last: StateRule[] = [];
  let lastTable = '';
  let lastChain = '';
  for (const r of proxy.rules) {
    if (r.chain !== lastChain || r.table !== lastTable) {
      const lists = declaredIn[r.table];
      let l = lists.get(r.chain);
      if (!l) lists.set(r.chain, (l = []));
      last = l;
      lastTable = r.table;
      lastChain = r.chain;
    }
    last.push(r);
  }
  for (const [key, list] of kubeletChains) {
    const [table, chain] = key.split('/') as [RestoreTable, string];
    if (!declaredIn[table].has(chain)) declaredIn[table].set(chain, list);
  }

  const rules: StateRule[] = [];
  const sorted = new Map<TableName, string[]>();
  for (const t of SAVE_TABLE_ORDER) {
    const user = chains.get(t);
    if (!user) continue;
    const names = sortedChains(user);
    sorted.set(t, names);
    for (const c of BUILTIN_CHAINS[t])
      for (const r of builtin.get(`${t}/${c}`) ?? []) rules.push(r);
    const lists = t === 'filter' || t === 'nat' ? declaredIn[t] : undefined;
    if (lists) for (const c of names) for (const r of lists.get(c) ?? []) rules.push(r);
  }
  return { chains: sorted, rules };
}

export function sortedChains(set: Set<string>): string[] {
  // the default order compares UTF-16 code units, as `<` does (and chain names are ASCII)
  return [...set].sort();
}

/** The merged state as iptables-restore text, already in iptables-save order. */
export function restoreText(state: NodeRules): string {
  const out: string[] = [];
  let i = 0;
  for (const t of SAVE_TABLE_ORDER) {
    const user = state.chains.get(t);
    if (!user) continue;
    out.push(`*${t}`);
    for (const c of BUILTIN_CHAINS[t]) out.push(`:${c} ACCEPT [0:0]`);
    for (const c of user) out.push(`:${c} - [0:0]`);
    for (; i < state.rules.length && state.rules[i]?.table === t; i++) {
      const r = state.rules[i];
      if (r) out.push(`-A ${r.chain} ${restoreLine(r.args)}`);
    }
    out.push('COMMIT');
  }
  return `${out.join('\n')}\n`;
}
