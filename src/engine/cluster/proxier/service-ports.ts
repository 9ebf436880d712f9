/**
 * Every Service port's rules, family by family in the order kube-proxy writes them. Services
 * come in name order: kube-proxy walks a Go map, so on a node the order of the KUBE-SERVICES
 * rules varies from sync to sync.
 */
import { servicePortName } from './chain-names.ts';
import { servicePortKey, type Endpoint } from '../model/endpoints.ts';
import type { ClusterService, ServicePort } from '../model/model.ts';
import { clusterIPRules } from './cluster-ip.ts';
import { portContext, type NodeContext } from './context.ts';
import { extChainRules } from './ext-chain.ts';
import { externalIPRules } from './external-ip.ts';
import { fwChainRules } from './fw-chain.ts';
import { healthCheckRules } from './health-check.ts';
import { loadBalancerRules } from './load-balancer.ts';
import { masqueradeRules } from './masquerade.ts';
import { nodePortRules } from './node-port.ts';
import { policyChainRules } from './policy-chains.ts';
import { sepChainRules } from './sep-chains.ts';

interface NamedPort {
  svc: ClusterService;
  port: ServicePort;
  name: string;
}

/** The ports kube-proxy proxies (not headless, not ExternalName), by name then protocol. */
function namedPorts(services: ClusterService[], ipv6: boolean): NamedPort[] {
  const ports: NamedPort[] = [];
  for (const svc of services) {
    // each proxier takes the Services with a cluster IP of its family
    const ip = ipv6 ? (svc.ipv6?.clusterIP ?? null) : svc.clusterIP;
    if (ip === null || svc.headless || svc.type === 'ExternalName') continue;
    for (const port of svc.ports)
      ports.push({ svc, port, name: servicePortName(svc.namespace, svc.name, port.name) });
  }
  const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return ports.sort((a, b) => order(a.name, b.name) || order(a.port.protocol, b.port.protocol));
}

export function servicePortRules(c: NodeContext, endpoints: Map<string, Endpoint[]>): void {
  for (const { svc, port, name } of namedPorts(c.model.services, c.ipv6 !== null)) {
    const p = portContext(c, svc, port, name, endpoints.get(servicePortKey(svc, port)) ?? []);
    clusterIPRules(p);
    externalIPRules(p);
    loadBalancerRules(p);
    nodePortRules(p);
    healthCheckRules(p);
    masqueradeRules(p);
    extChainRules(p);
    fwChainRules(p);
    policyChainRules(p);
    sepChainRules(p);
  }
}
