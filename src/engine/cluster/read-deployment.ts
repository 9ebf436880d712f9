/**
 * Deployments become pods the way a student expects to see them: `<deployment>-<hash>-<suffix>`
 * names, stable from run to run (derived from a hash of the template and the replica number,
 * not random as in a real cluster), spread round-robin over the nodes.
 */
import { digestChars } from './hash.ts';
import { readContainerPorts, readMeta } from './read-core.ts';
import type { Reader } from './read-kit.ts';
import type { ContainerPort, ObjectRef } from './model.ts';

export interface DeploymentSpec {
  namespace: string;
  name: string;
  replicas: number;
  labels: Record<string, string>;
  ports: ContainerPort[];
  templateHash: string;
  ref: ObjectRef;
}

// Kubernetes' "safe" alphabet for generated names: no vowels, no look-alike characters.
const SAFE = 'bcdfghjklmnpqrstvwxz2456789';

const safe = (byte: number): string => SAFE[byte % SAFE.length]!;

/** `n` characters of SAFE from the text's digest. */
function safeChars(text: string, n: number): string {
  return digestChars(text, n, safe);
}

export function readDeployment(r: Reader): DeploymentSpec | undefined {
  const meta = readMeta(r, 'Deployment');
  if (!meta) return undefined;
  const replicas = r.int(['spec', 'replicas'], 0, 1000) ?? 1;
  const labels = r.labels(['spec', 'template', 'metadata', 'labels']);
  const selector = r.labels(['spec', 'selector', 'matchLabels']);
  for (const [k, v] of Object.entries(selector)) {
    if (labels[k] !== v)
      r.error(
        ['spec', 'selector'],
        'bad-value',
        `selector ${k}=${v} does not match the template's labels; Kubernetes rejects this Deployment`,
      );
  }
  const ports = readContainerPorts(r, ['spec', 'template', 'spec', 'containers']);
  const template = JSON.stringify(r.get(['spec', 'template']) ?? null);
  // pod-template-hash: 9 or 10 characters in real clusters; 9 here, from the template's digest
  const templateHash = safeChars(`${meta.namespace}/${meta.name}\n${template}`, 9);
  return {
    namespace: meta.namespace,
    name: meta.name,
    replicas,
    labels,
    ports,
    templateHash,
    ref: r.ref('Deployment', meta.name, meta.namespace),
  };
}

/** The i-th replica's name: stable for the same template and replica number. */
export function replicaName(d: DeploymentSpec, i: number): string {
  return `${d.name}-${d.templateHash}-${safeChars(`${d.templateHash}/${i}`, 5)}`;
}
