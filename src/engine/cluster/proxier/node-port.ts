/**
 * The NodePort: captured in nat KUBE-NODEPORTS toward the EXT chain (first a copy on 127.0.0.0/8
 * that counts localhost NodePort packets, when nfacct and localhost NodePorts are on), and
 * refused in filter KUBE-EXTERNAL-SERVICES while it leads nowhere. The comment is the bare
 * service port name, as kube-proxy writes it.
 */
import { sourceOf } from '../node/provenance.ts';
import type { PortContext } from './context.ts';
import { rule } from './rule.ts';

export function nodePortRules(c: PortContext): void {
  const { w, name, proto, svc, port, verdict } = c;
  if (port.nodePort === 0) return;
  const np = port.nodePort;
  const ext = c.chains.ext;
  const sources = [sourceOf(svc.ref, `spec.ports[${svc.ports.indexOf(port)}].nodePort`, port.span)];
  if (c.hasEndpoints) {
    if (c.node.scope.localhostNodePorts && c.node.model.settings.features.nfacct)
      w.add(
        rule`-t nat -A KUBE-NODEPORTS -m comment --comment ${name}
          -m ${proto} -p ${proto} -d 127.0.0.0/8 --dport ${np}
          -m nfacct --nfacct-name localhost_nps_accepted_pkts -j ${ext}`,
        'node-port-localhost',
        sources,
        c.owner,
      );
    w.add(
      rule`-t nat -A KUBE-NODEPORTS -m comment --comment ${name}
        -m ${proto} -p ${proto} --dport ${np} -j ${ext}`,
      'node-port',
      sources,
      c.owner,
    );
  }
  if (!c.hasExternal)
    w.add(
      rule`-t filter -A KUBE-EXTERNAL-SERVICES -m comment --comment ${verdict.comment}
        -m addrtype --dst-type LOCAL -m ${proto} -p ${proto} --dport ${np} -j ${verdict.target}`,
      verdict.role,
      sources,
      c.owner,
    );
}
