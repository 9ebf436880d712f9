/**
 * kube-proxy's iptables-restore input for one node as text: what its own tests compare
 * (`*filter` then `*nat`, each with its chain lines, its rules in the order written, COMMIT).
 * The rules from built-in chains and the canaries are not in it (kube-proxy ensures them apart).
 */
import type { Family } from '../../rules/index.ts';
import { buildEndpoints } from '../model/endpoints.ts';
import type { ClusterModel } from '../model/model.ts';
import { nodeView } from '../compile.ts';
import { proxierRules, type ProxierOutput, type RestoreTable } from '../proxier/index.ts';

const TABLES: RestoreTable[] = ['filter', 'nat'];

/** The restore input of a proxier output, as kube-proxy writes it. */
export function restoreText(out: ProxierOutput): string {
  const lines: string[] = [];
  for (const table of TABLES) {
    lines.push(`*${table}`);
    for (const chain of out.chains[table]) lines.push(`:${chain} - [0:0]`);
    for (const r of out.rules) {
      if (r.table !== table) continue;
      const words = r.args.map((w) => (typeof w === 'string' ? w : w.restore));
      lines.push(['-A', r.chain, ...words].join(' '));
    }
    lines.push('COMMIT');
  }
  return `${lines.join('\n')}\n`;
}

/** The restore input kube-proxy sends on a full sync of `nodeName` (null: no such node). */
export function nodeRestoreText(
  model: ClusterModel,
  nodeName: string,
  family: Family = 'ipv4',
): string | null {
  const node = model.nodes.find((n) => n.name === nodeName);
  if (!node) return null;
  const endpoints = buildEndpoints(model, undefined, family);
  return restoreText(proxierRules(model, nodeView(node), endpoints, undefined, undefined, family));
}
