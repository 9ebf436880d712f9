/**
 * Deployments become pods the way a student expects to see them: `<deployment>-<hash>-<suffix>`
 * names, stable from run to run (derived from a hash of the template and the replica number,
 * not random as in a real cluster), spread round-robin over the nodes, or all on the node the
 * template names (spec.template.spec.nodeName binds every replica there, past the scheduler).
 */
import { digestChars, utf8 } from '../proxier/hash.ts';
import { sha256TextWords } from '../proxier/sha256.ts';
import { readContainerPorts, readMeta } from './read-core.ts';
import type { Reader } from './read-kit.ts';
import type { ContainerPort, ObjectRef } from '../model/model.ts';

export interface DeploymentSpec {
  namespace: string;
  name: string;
  replicas: number;
  labels: Record<string, string>;
  ports: ContainerPort[];
  /** spec.template.spec.nodeName, or null when the replicas are spread */
  nodeName: string | null;
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

export const TEMPLATE_NODE = 'spec.template.spec.nodeName';

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
    nodeName: r.str(['spec', 'template', 'spec', 'nodeName']) ?? null,
    templateHash,
    ref: r.ref('Deployment', meta.name, meta.namespace, [TEMPLATE_NODE]),
  };
}

const SAFE_CODES = Array.from(SAFE, (c) => c.charCodeAt(0));
/** longer names are joined the ordinary way: fromCharCode.apply takes a bounded number of codes */
const MAX_CODES = 1000;

/**
 * The names of a Deployment's replicas by number, `<name>-<templateHash>-<5 from the digest of
 * the hash and the number>`: stable for the same template and replica number. Each is made
 * in one piece from character codes: a Deployment's pods are tens of thousands of names that
 * live as long as the model, and joined from parts each would be a chain of pieces (and the
 * pieces' garbage) until it is flattened at its first use as a key.
 */
export function replicaNames(d: DeploymentSpec): (i: number) => string {
  const prefix = `${d.name}-${d.templateHash}-`;
  const suffixAt = prefix.length;
  if (suffixAt + 5 > MAX_CODES) return (i) => prefix + safeChars(`${d.templateHash}/${i}`, 5);
  const codes: number[] = [];
  for (let k = 0; k < suffixAt; k++) codes.push(prefix.charCodeAt(k));
  for (let k = 0; k < 5; k++) codes.push(0);
  return (i) => {
    // the first 5 bytes of the digest, each as a SAFE character (what safeChars gives)
    const h = sha256TextWords(`${d.templateHash}/${i}`, utf8);
    for (let k = 0; k < 5; k++) {
      const byte = (h[k >> 2]! >>> (24 - 8 * (k & 3))) & 0xff;
      codes[suffixAt + k] = SAFE_CODES[byte % SAFE_CODES.length]!;
    }
    return String.fromCharCode.apply(null, codes);
  };
}
