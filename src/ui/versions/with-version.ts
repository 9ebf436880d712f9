/**
 * The cluster text with `kubeProxyVersion` set in its Cluster document, so the same cluster can
 * be compiled as another kube-proxy release would write it; a Cluster document is added in front
 * when there is none. Only the version line changes: what the learner wrote stays as it is.
 */

/** The releases the compiler writes: the older layout's, then the current one. */
export const VERSIONS = ['1.19', '1.20', '1.21', '1.22', '1.23', 'current'] as const;
export type Version = (typeof VERSIONS)[number];

const CLUSTER_KIND = /^kind:\s*["']?Cluster["']?\s*(#.*)?$/m;
const VERSION_LINE = /^kubeProxyVersion:.*$/m;

export function withKubeProxyVersion(yaml: string, version: string): string {
  const line = `kubeProxyVersion: "${version}"`;
  const docs = yaml.split(/^---[ \t]*$/m);
  const at = docs.findIndex((d) => CLUSTER_KIND.test(d));
  if (at < 0) return `apiVersion: netfilter-lab/v1alpha1\nkind: Cluster\n${line}\n---\n${yaml}`;
  const doc = docs[at]!;
  docs[at] = VERSION_LINE.test(doc)
    ? doc.replace(VERSION_LINE, line)
    : doc.replace(CLUSTER_KIND, (kind) => `${kind}\n${line}`);
  return docs.join('---');
}

/** The version a cluster text asks for, as one of VERSIONS (a release after 1.23 is `current`). */
export function versionOf(yaml: string): Version {
  const doc = yaml.split(/^---[ \t]*$/m).find((d) => CLUSTER_KIND.test(d));
  const m = doc && /^kubeProxyVersion:\s*["']?v?(1\.\d+|current|latest)/m.exec(doc);
  const v = m?.[1];
  return (VERSIONS as readonly string[]).includes(v ?? '') ? (v as Version) : 'current';
}
