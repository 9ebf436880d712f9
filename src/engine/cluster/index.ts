/** The cluster compiler's public API. */
import { loadCluster } from './manifests/load.ts';
import { hostsOf, type HostFile } from './node/hosts.ts';
import type { ClusterDiagnostic } from './manifests/diagnostics.ts';

export { compileNode, compileModelNode, type CompiledNode } from './compile.ts';
export { loadCluster, type LoadResult } from './manifests/load.ts';
export { hostOf, hostsOf, type HostFile } from './node/hosts.ts';
export {
  NO_SPAN,
  type ClusterDiagnostic,
  type ClusterDiagnosticCode,
} from './manifests/diagnostics.ts';
export type { RuleProvenance, ProvenanceSource, RuleRole } from './node/provenance.ts';
export { clusterFamilies, type ClusterModel, type IpFamily } from './model/model.ts';
export { clusterSchema } from './manifests/schema.ts';
export { ipsetRestoreText } from './netpol/index.ts';
export {
  journey,
  POD_NETWORK_NOTE,
  type JourneyOptions,
  type JourneyResult,
} from './journey/index.ts';

/** Each node's host model (interfaces, addresses, routes) in the host-file format, by node name. */
export function hosts(clusterText: string): {
  hosts: Record<string, HostFile>;
  diagnostics: ClusterDiagnostic[];
} {
  const { model, diagnostics } = loadCluster(clusterText);
  return { hosts: hostsOf(model), diagnostics };
}
export { partialSync, type PartialSync } from './proxier/partial-sync.ts';
