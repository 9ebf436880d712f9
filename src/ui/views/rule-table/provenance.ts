/** The provenance the shell hands over, looked up by rule id, and put in one line. */
import type { ProvenanceSource, RuleProvenance } from '../../../engine/cluster/provenance.ts';

export type RuleProvenanceEntry = RuleProvenance & { ruleId: string };

/** The compiler's Map, or the same as a list of entries (what crosses the worker as JSON). */
export type ProvenanceInput = ReadonlyMap<string, RuleProvenance> | readonly RuleProvenanceEntry[];

export function provenanceIndex(
  p: ProvenanceInput | undefined,
): ReadonlyMap<string, RuleProvenance> {
  if (!p) return new Map();
  if (!Array.isArray(p)) return p as ReadonlyMap<string, RuleProvenance>;
  return new Map((p as readonly RuleProvenanceEntry[]).map((e) => [e.ruleId, e]));
}

export function sourceText(s: ProvenanceSource): string {
  const name = s.namespace ? `${s.namespace}/${s.name}` : s.name;
  return `${s.kind} ${name}${s.field ? ` (${s.field})` : ''} · line ${s.span.line}`;
}

/** `kube-proxy · endpoint dnat · default/web:http → 10.42.0.43:8080` */
export function provenanceSummary(p: RuleProvenance): string {
  const parts: string[] = [p.writer, p.role.replace(/-/g, ' ')];
  if (p.servicePort) parts.push(p.endpoint ? `${p.servicePort} → ${p.endpoint}` : p.servicePort);
  else if (p.endpoint) parts.push(p.endpoint);
  return parts.join(' · ');
}
