/**
 * The Docker compiler's entry: YAML text holding a `kind: DockerHost` document → the rules
 * dockerd writes on that host (iptables-save text and the parsed Ruleset), why each rule exists,
 * the host model to trace them on, and diagnostics with positions. Other documents in the text
 * are the cluster compiler's business and are passed over here.
 */
import {
  ClusterReport,
  NO_SPAN,
  type ClusterDiagnostic,
} from '../cluster/manifests/diagnostics.ts';
import { checkFields } from '../cluster/manifests/field-check.ts';
import { Reader } from '../cluster/manifests/read-kit.ts';
import { visitManifests } from '../cluster/manifests/source.ts';
import type { HostFile } from '../cluster/node/hosts.ts';
import { parseRuleset, type Ruleset } from '../rules/index.ts';
import { dockerHostFile } from './host.ts';
import type { DockerHostSpec } from './model.ts';
import { readDockerHost } from './read.ts';
import { dockerTables, type DockerProvenance } from './rules.ts';

export const DOCKER_HOST_KIND = 'DockerHost';

export interface CompiledDockerHost {
  spec: DockerHostSpec | null;
  /** what `iptables-save` prints on the host (without header comments and counters) */
  rulesetText: string;
  ruleset: Ruleset;
  /** rule id (`table/chain/index`, as in `ruleset`) → why dockerd wrote the rule */
  provenance: ReadonlyMap<string, DockerProvenance>;
  host: HostFile | null;
  diagnostics: ClusterDiagnostic[];
}

/** True when the text has a DockerHost document (a cheap test before reading it). */
export function hasDockerHost(text: string): boolean {
  return /^\s*kind:\s*["']?DockerHost["']?\s*$/m.test(text);
}

/** Reads the text's DockerHost documents; the one named `name`, or the first, is compiled. */
export function compileDockerHost(text: string, name?: string): CompiledDockerHost {
  const report = new ClusterReport();
  const specs: DockerHostSpec[] = [];
  visitManifests(
    text,
    report,
    (obj) => {
      if (obj.value['kind'] !== DOCKER_HOST_KIND) return;
      checkFields(obj, DOCKER_HOST_KIND, report);
      specs.push(readDockerHost(new Reader(obj, report)));
    },
    () => (specs.length = 0),
  );
  const spec = name === undefined ? specs[0] : specs.find((s) => s.name === name);
  if (!spec) {
    report.error(
      'unknown-node-name',
      NO_SPAN,
      name === undefined
        ? 'there is no kind: DockerHost document'
        : `there is no DockerHost named ${name} (hosts: ${specs.map((s) => s.name).join(', ') || 'none'})`,
    );
    const empty = parseRuleset('', { format: 'save', family: 'ipv4' }).ruleset;
    return {
      spec: null,
      rulesetText: '',
      ruleset: empty,
      provenance: new Map(),
      host: null,
      diagnostics: report.diagnostics,
    };
  }
  return { ...compileDockerSpec(spec), diagnostics: report.diagnostics };
}

export function compileDockerSpec(
  spec: DockerHostSpec,
): Omit<CompiledDockerHost, 'diagnostics'> & { diagnostics: ClusterDiagnostic[] } {
  const tables = dockerTables(spec);
  const parsed = parseRuleset(tables.text, { format: 'save', family: 'ipv4' });
  const diagnostics: ClusterDiagnostic[] = parsed.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => ({
      code: 'internal',
      severity: 'error',
      message: `generated rule at line ${d.line} was not accepted: ${d.message}`,
      ...NO_SPAN,
    }));
  const provenance = new Map<string, DockerProvenance>();
  const counts = new Map<string, number>();
  for (const r of tables.rules) {
    const key = `${r.table}/${r.chain}`;
    const index = (counts.get(key) ?? 0) + 1;
    counts.set(key, index);
    provenance.set(`${key}/${index}`, r.provenance);
  }
  return {
    spec,
    rulesetText: tables.text,
    ruleset: parsed.ruleset,
    provenance,
    host: dockerHostFile(spec),
    diagnostics,
  };
}
