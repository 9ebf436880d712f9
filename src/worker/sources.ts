/** Turns a rule source (a cluster node or a pasted dump) into the ruleset and host to trace. */
import { parseRuleset, type ParseResult, type Ruleset } from '../engine/rules/index.ts';
import { readHost, readIpsetText, type Host } from '../engine/netfilter/index.ts';
import { compiledCluster } from './cluster-cache.ts';
import { loadedDump } from './dump-cache.ts';
import type { RuleSource, TraceProblem } from './protocol.ts';
import { fieldProblem, sourceProblem } from './problems.ts';

/** The host a pasted dump is traced on when none is given: one uplink, forwarding on. */
export const DEFAULT_DUMP_HOST = {
  interfaces: [
    { name: 'eth0', addresses: ['192.168.1.10/24'] },
    { name: 'docker0', addresses: ['172.17.0.1/16'] },
  ],
  routes: [{ to: 'default', via: '192.168.1.1', dev: 'eth0' }],
  ipForward: true,
};

let lastDump: { text: string; parsed: ParseResult } | null = null;

/** Parses a dump, remembering the last one (the same text is traced and printed many times). */
export function parsedDump(text: string): ParseResult {
  if (lastDump?.text !== text) lastDump = { text, parsed: parseRuleset(text) };
  return lastDump.parsed;
}

export type Resolved =
  { ok: true; ruleset: Ruleset; host: Host } | { ok: false; problems: TraceProblem[] };

export function resolve(source: RuleSource): Resolved {
  if (source.kind === 'cluster') {
    const { result, hosts } = compiledCluster(source.yaml);
    const node = result.nodes.find((n) => n.name === source.node);
    const host = hosts[source.node];
    if (!node || !host)
      return {
        ok: false,
        problems: [
          sourceProblem(`the cluster has no node named ${source.node}`, {
            sentence: 'trace-node',
            node: source.node,
          }),
        ],
      };
    if (source.family !== 'ipv6') return { ok: true, ruleset: node.ruleset, host };
    if (!node.ipv6)
      return {
        ok: false,
        problems: [
          sourceProblem('the cluster has no IPv6: its nodes have no ip6tables rules', {
            sentence: 'trace-no-ipv6',
          }),
        ],
      };
    return { ok: true, ruleset: node.ipv6.ruleset, host };
  }
  const kept = 'id' in source ? loadedDump(source.id) : undefined;
  if ('id' in source && !kept)
    return {
      ok: false,
      problems: [
        sourceProblem('the dump is no longer loaded: parse it again', { sentence: 'dump-gone' }),
      ],
    };
  const { ruleset } = kept ? kept.parsed : parsedDump('text' in source ? source.text : '');
  const { host, diagnostics } = readHost(source.host ?? DEFAULT_DUMP_HOST);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0)
    return {
      ok: false,
      problems: errors.map((d) => fieldProblem('host', d)),
    };
  if (source.ipsets) {
    const fromText = readIpsetText(source.ipsets).sets;
    const names = new Set(fromText.map((s) => s.name));
    host.ipsets = [...host.ipsets.filter((s) => !names.has(s.name)), ...fromText];
  }
  return { ok: true, ruleset, host };
}
