/**
 * The five IPv4 hooks and what runs at each, in kernel priority order. Conntrack looks packets
 * up at -200 in PREROUTING and OUTPUT and confirms new entries last in INPUT and POSTROUTING.
 * nat sits at -100 where it rewrites destinations and at +100 where it rewrites sources.
 * security is the one table whose place differs: iptables-nft registers it at 150, after nat
 * INPUT (so INPUT runs mangle → filter → nat → security, as seen with xtables-monitor), while
 * the legacy ip_tables module uses 50, before nat.
 */
import { BUILTIN_CHAINS, type TableName } from '../rules/model-face.ts';
import type { Backend } from './host.ts';

export type Hook = 'PREROUTING' | 'INPUT' | 'FORWARD' | 'OUTPUT' | 'POSTROUTING';
export const HOOKS: readonly Hook[] = ['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING'];

export type HookStage =
  | { kind: 'table'; table: TableName; priority: number }
  | { kind: 'conntrack'; priority: number }
  | { kind: 'confirm'; priority: number };

const INT_MAX = 2147483647;

function tablePriority(table: TableName, hook: Hook, backend: Backend): number {
  switch (table) {
    case 'raw':
      return -300;
    case 'mangle':
      return -150;
    case 'nat':
      return hook === 'PREROUTING' || hook === 'OUTPUT' ? -100 : 100;
    case 'filter':
      return 0;
    case 'security':
      return backend === 'nft' ? 150 : 50;
  }
}

const ORDER: readonly TableName[] = ['raw', 'mangle', 'nat', 'filter', 'security'];

function build(hook: Hook, backend: Backend): HookStage[] {
  const stages: HookStage[] = [];
  for (const t of ORDER)
    if (BUILTIN_CHAINS[t].includes(hook))
      stages.push({ kind: 'table', table: t, priority: tablePriority(t, hook, backend) });
  if (hook === 'PREROUTING' || hook === 'OUTPUT')
    stages.push({ kind: 'conntrack', priority: -200 });
  if (hook === 'INPUT' || hook === 'POSTROUTING')
    stages.push({ kind: 'confirm', priority: INT_MAX });
  // stable: equal priorities keep the ORDER above
  return stages.sort((a, b) => a.priority - b.priority);
}

// per backend, then per hook: every packet asks at each hook, so no key string is built
const CACHE: Record<Backend, Map<Hook, readonly HookStage[]>> = {
  nft: new Map(),
  legacy: new Map(),
};

/** Everything that runs at a hook, lowest priority first. */
export function hookStages(hook: Hook, backend: Backend): readonly HookStage[] {
  const byHook = CACHE[backend];
  let s = byHook.get(hook);
  if (!s) {
    s = build(hook, backend);
    byHook.set(hook, s);
  }
  return s;
}

/** Just the tables at a hook, in the order they run. */
export function hookTables(hook: Hook, backend: Backend): TableName[] {
  return hookStages(hook, backend).flatMap((s) => (s.kind === 'table' ? [s.table] : []));
}

/** nat rewrites the destination at PREROUTING and OUTPUT, the source at INPUT and POSTROUTING. */
export function natManipOf(hook: Hook): 'DNAT' | 'SNAT' | null {
  if (hook === 'PREROUTING' || hook === 'OUTPUT') return 'DNAT';
  if (hook === 'INPUT' || hook === 'POSTROUTING') return 'SNAT';
  return null;
}
