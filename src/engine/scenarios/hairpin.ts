/**
 * Hairpin: a pod connects to its own Service and kube-proxy picks the pod itself. The KUBE-SEP
 * chain marks a packet whose source is the endpoint for masquerade, so the pod sees the bridge's
 * address, not its own, and its reply goes back through conntrack.
 */
import { packetForm } from './packet.ts';
import type { Scenario } from './types.ts';

export const HAIRPIN_YAML = `# One pod behind its Service, connecting to that Service: the packet comes back to itself.
apiVersion: v1
kind: Node
metadata: {name: node-a}
spec: {podCIDR: 10.244.0.0/24}
status: {addresses: [{type: InternalIP, address: 192.168.1.10}]}
---
apiVersion: v1
kind: Pod
metadata: {name: echo-0, labels: {app: echo}}
spec:
  nodeName: node-a
  containers: [{name: echo, image: echo, ports: [{containerPort: 5678}]}]
status: {podIP: 10.244.0.7}
---
apiVersion: v1
kind: Service
metadata: {name: echo}
spec:
  clusterIP: 10.96.0.70
  selector: {app: echo}
  ports:
    - {name: http, port: 80, targetPort: 5678}
`;

export const hairpin: Scenario = {
  id: 'hairpin',
  title: {
    en: 'Hairpin: a pod reaching itself through its Service',
    ko: '헤어핀: 파드가 자기 서비스를 거쳐 자기에게 접속',
  },
  summary: {
    en: 'The DNAT sends the packet back to its sender; KUBE-SEP marks it so it is masqueraded.',
    ko: 'DNAT으로 패킷이 보낸 파드에게 돌아오고, KUBE-SEP가 표시해 마스커레이드됩니다.',
  },
  description: {
    en:
      'echo-0 connects to 10.96.0.70:80 and its only endpoint is echo-0 itself. Its KUBE-SEP chain ' +
      'checks -s 10.244.0.7/32 and jumps to KUBE-MARK-MASQ, so POSTROUTING rewrites the source to ' +
      "the bridge's address: otherwise the pod would get a packet from itself and answer it " +
      'directly, past the conntrack entry. On a real node the bridge port also needs hairpin mode.',
    ko:
      'echo-0이 10.96.0.70:80에 접속하는데, 엔드포인트는 echo-0 자신뿐입니다. KUBE-SEP 체인은 ' +
      '-s 10.244.0.7/32를 보고 KUBE-MARK-MASQ로 점프하므로 POSTROUTING이 출발지를 브리지 주소로 ' +
      '바꿉니다. 그러지 않으면 파드는 자기가 보낸 패킷을 받고 conntrack 항목을 거치지 않고 바로 ' +
      '응답해 버립니다. 실제 노드에서는 브리지 포트에 hairpin 모드도 켜져 있어야 합니다.',
  },
  clusters: [{ label: { en: '1 pod', ko: '파드 1개' }, yaml: HAIRPIN_YAML }],
  flow: { from: 'pod/default/echo-0', to: 'svc/default/echo:http' },
  packet: packetForm(
    { kind: 'pod', namespace: 'default', name: 'echo-0' },
    { kind: 'service', namespace: 'default', name: 'echo', port: 80 },
    { entryNode: 'node-a' },
  ),
  node: 'node-a',
};
