/**
 * `kubeProxyVersion` in the Cluster document: which release's rule layout the compiler writes.
 * The bytes changed in eras (see proxier/legacy.ts for the older one):
 * - 1.19 to 1.23: KUBE-XLB for externalTrafficPolicy Local, every load-balancer IP through
 *   KUBE-FW ending in KUBE-MARK-DROP, masquerade rules in KUBE-SERVICES and KUBE-NODEPORTS,
 *   `ns/svc:port` comments without `-> ip:port`;
 * - 1.24 moved to KUBE-EXT/KUBE-SVL but kept KUBE-FW's KUBE-MARK-DROP: not modelled;
 * - 1.25 to 1.27 wrote nearly the current layout; 1.28 and later write it (the 1.28-era goldens).
 */
import type { KubeProxyVersion } from '../model/model.ts';
import type { Reader } from '../manifests/read-kit.ts';

export const CURRENT_VERSION: KubeProxyVersion = { text: 'current', layout: 'current' };

const FORM = /^v?1\.(\d+)(?:\.\d+)?$/;

export function readKubeProxyVersion(r: Reader): KubeProxyVersion {
  const path = ['kubeProxyVersion'];
  const raw = r.get(path);
  if (raw === undefined || raw === null) return CURRENT_VERSION;
  const text = r.str(path);
  if (text === undefined) return CURRENT_VERSION;
  if (text === 'current' || text === 'latest') return { text, layout: 'current' };
  const m = FORM.exec(text.trim());
  const minor = m ? Number(m[1]) : NaN;
  if (typeof raw === 'number' && minor < 19) {
    r.error(
      path,
      'bad-value',
      `kubeProxyVersion ${text} was read as a number (YAML drops a trailing zero, so 1.20 reads as 1.2): write it quoted, e.g. "1.20"`,
    );
    return CURRENT_VERSION;
  }
  if (!m) {
    r.error(
      path,
      'bad-value',
      `kubeProxyVersion ${JSON.stringify(text)} is not a release: write "1.21", "v1.23.4" or "current"`,
    );
    return CURRENT_VERSION;
  }
  if (minor < 19 || minor === 24) {
    const why =
      minor === 24
        ? '1.24 mixed both layouts (KUBE-EXT chains, but KUBE-FW still ends in KUBE-MARK-DROP)'
        : 'releases before 1.19 wrote other masquerade and forwarding rules';
    r.error(
      path,
      'bad-value',
      `kubeProxyVersion ${text} is not modelled: ${why}; use 1.19 to 1.23, or 1.28 and later`,
    );
    return CURRENT_VERSION;
  }
  if (minor <= 23) return { text, layout: 'legacy' };
  if (minor < 28)
    r.warn(
      path,
      'bad-value',
      `kubeProxyVersion ${text} is written with the 1.28 layout; 1.25 to 1.27 differ in a few rules (the comment-only last rule of KUBE-FW, kube-proxy's own KUBE-FIREWALL rule)`,
    );
  return { text, layout: 'current' };
}
