/**
 * kube-proxy's per-Service chain names (pkg/proxy/iptables/proxier.go). The hash input is the
 * service port name as kube-proxy prints it ("namespace/name" or "namespace/name:port") followed
 * by the protocol in lower case; a KUBE-SEP chain adds the endpoint ("10.42.0.43:8080"). The
 * SVC, SVL, EXT and FW chains of one service port share one hash and differ only in prefix.
 */
import { hashedNames } from './hash.ts';
import type { Protocol } from '../model/model.ts';

/** kube-proxy's ServicePortName string: the port name is left out when it is empty. */
export function servicePortName(namespace: string, name: string, port: string): string {
  return port === '' ? `${namespace}/${name}` : `${namespace}/${name}:${port}`;
}

export interface ServiceChains {
  svc: string;
  svl: string;
  ext: string;
  fw: string;
}

export function serviceChains(portName: string, protocol: Protocol): ServiceChains {
  const [svc, svl, ext, fw] = hashedNames(SERVICE_PREFIXES, portName + protocol.toLowerCase());
  return { svc: svc!, svl: svl!, ext: ext!, fw: fw! };
}

const SERVICE_PREFIXES = ['KUBE-SVC-', 'KUBE-SVL-', 'KUBE-EXT-', 'KUBE-FW-'];
const SEP_PREFIX = ['KUBE-SEP-'];

export function endpointChain(portName: string, protocol: Protocol, endpoint: string): string {
  return hashedNames(SEP_PREFIX, portName + protocol.toLowerCase() + endpoint)[0]!;
}
