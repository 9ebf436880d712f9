/**
 * What the views show, derived from the scenario store and the engine's answers: the rules of
 * the node on screen, the packet last sent as a trace request, and its trace.
 */
import { packetsToSend } from '../connections/again.ts';
import { useEffect } from 'react';
import type { Ruleset } from '../../engine/rules/index.ts';
import type { RuleProvenance } from '../../engine/cluster/index.ts';
import type { ClusterSummary, RuleSource, TraceRequest } from '../../worker/protocol.ts';
import { resolveDumpPacket, resolvePacket } from '../packet/packet-form.ts';
import { useShownFamily } from '../family/use-shown-family.ts';
import { useScenario, type SentPacket } from '../stores/scenario-store.ts';
import { useCompile, useTrace } from './engine-queries.ts';
import { useDump } from '../dump/dump-store.ts';
import { skeletonRuleset } from '../dump/dump-rules.ts';
import { useDebounced } from './use-debounced.ts';

const SETTLE_MS = 250;

/**
 * Mounted once: lets the text settle, compiles it, and records it as the good YAML when it
 * compiles without errors (the views keep showing the previous good one otherwise).
 */
export function useSettleAndCompile(): void {
  const yaml = useScenario((s) => s.yaml);
  const dump = useScenario((s) => s.dump);
  const settle = useScenario((s) => s.settle);
  const setGoodYaml = useScenario((s) => s.setGoodYaml);
  const settledYaml = useDebounced(yaml, SETTLE_MS);
  const settledDump = useDebounced(dump, SETTLE_MS);
  useEffect(() => settle(settledYaml, settledDump), [settle, settledYaml, settledDump]);
  const compiled = useCompile(settledYaml);
  useEffect(() => {
    if (compiled.data && !compiled.isPlaceholderData && !compiled.data.hasErrors)
      setGoodYaml(settledYaml);
  }, [compiled.data, compiled.isPlaceholderData, settledYaml, setGoodYaml]);
}

/** The latest compile of the settled text (for markers), and whether the views lag behind it. */
export function useCurrentCompile() {
  const settledYaml = useScenario((s) => s.settledYaml);
  const goodYaml = useScenario((s) => s.goodYaml);
  const q = useCompile(settledYaml);
  const broken = !!q.data && !q.isPlaceholderData && q.data.hasErrors;
  return { ...q, broken, stale: broken && goodYaml !== null && goodYaml !== settledYaml };
}

/** The compiled cluster the views show: the last one without errors. */
export function useShownCluster() {
  const goodYaml = useScenario((s) => s.goodYaml);
  const mode = useScenario((s) => s.mode);
  return useCompile(mode === 'cluster' ? goodYaml : null);
}

export function useSummary(): ClusterSummary | undefined {
  return useShownCluster().data?.summary;
}

export interface ShownRules {
  ruleset: Ruleset;
  provenance: Map<string, RuleProvenance> | undefined;
  source: RuleSource;
}

const provenanceCache = new WeakMap<object, Map<string, RuleProvenance>>();

function provenanceMap(pairs: [string, RuleProvenance][]): Map<string, RuleProvenance> {
  let m = provenanceCache.get(pairs);
  if (!m) {
    m = new Map(pairs);
    provenanceCache.set(pairs, m);
  }
  return m;
}

/** The rules of the node on screen (or of the pasted dump). */
export function useShownRules(): ShownRules | null {
  const mode = useScenario((s) => s.mode);
  const node = useScenario((s) => s.node);
  const goodYaml = useScenario((s) => s.goodYaml);
  const cluster = useShownCluster();
  // a dump stays in the worker: the views get its tables and chains, and fetch rules by id
  const dump = useDump((s) => s.summary);
  const dumpHost = useScenario((s) => s.dumpHost);
  const ipsets = useDump((s) => s.ipsetText);
  const family = useShownFamily(cluster.data?.summary.families);
  if (mode === 'dump') {
    if (!dump) return null;
    const host = dumpHost ?? dump.inferred.host;
    return {
      ruleset: skeletonRuleset(dump),
      provenance: undefined,
      source: { kind: 'dump', id: dump.id, host, ...(ipsets ? { ipsets } : {}) },
    };
  }
  const n = cluster.data?.nodes.find((x) => x.name === node);
  if (!n || goodYaml === null) return null;
  const rules = family === 'ipv6' && n.ipv6 ? n.ipv6 : n;
  return {
    ruleset: rules.ruleset,
    provenance: provenanceMap(rules.provenance),
    source: { kind: 'cluster', yaml: goodYaml, node, ...(rules === n ? {} : { family }) },
  };
}

export type SentRequest =
  { ok: true; req: TraceRequest; node: string | null } | { ok: false; problem: string } | null;

/** The packet last sent, as a trace request against the shown cluster (or the dump). */
export function useSentRequest(): SentRequest {
  const mode = useScenario((s) => s.mode);
  const sent = useScenario((s) => s.sent);
  const goodYaml = useScenario((s) => s.goodYaml);
  const dump = useDump((s) => s.summary);
  const dumpHost = useScenario((s) => s.dumpHost);
  const ipsets = useDump((s) => s.ipsetText);
  const summary = useSummary();
  if (!sent) return null;
  const base = { seed: sent.seed, withReply: sent.withReply };
  if (mode === 'dump') {
    const r = resolveDumpPacket(sent.form);
    if (!r.ok) return r;
    if (!dump) return null;
    const host = dumpHost ?? dump.inferred.host;
    return {
      ok: true,
      node: null,
      req: {
        ...base,
        source: { kind: 'dump', id: dump.id, host, ...(ipsets ? { ipsets } : {}) },
        packets: packetsToSend(r.packet, sent.twice),
      },
    };
  }
  if (!summary || goodYaml === null) return null;
  return clusterRequest(sent, summary, goodYaml);
}

/** The packet `sent` as a trace request against the cluster `yaml` compiled to `summary`. */
export function clusterRequest(
  sent: SentPacket,
  summary: ClusterSummary,
  yaml: string,
): NonNullable<SentRequest> {
  const r = resolvePacket(sent.form, summary);
  if (!r.ok) return r;
  // an IPv6 packet meets the node's ip6tables rules
  const family = r.packet.dst.includes(':') ? { family: 'ipv6' as const } : {};
  return {
    ok: true,
    node: r.node,
    req: {
      seed: sent.seed,
      withReply: sent.withReply,
      source: { kind: 'cluster', yaml, node: r.node, ...family },
      packets: packetsToSend(r.packet, sent.twice),
    },
  };
}

export function useSentTrace() {
  const sent = useSentRequest();
  const trace = useTrace(sent?.ok ? sent.req : null);
  return { sent, trace };
}
