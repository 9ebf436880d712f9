/**
 * A LoadBalancer Service that only lets some sources in: loadBalancerSourceRanges becomes a
 * KUBE-FW chain that sends allowed sources on to the Service and drops the rest.
 */
import { packetForm } from './packet.ts';
import type { Scenario } from './types.ts';

export const LOADBALANCER_YAML = `# A LoadBalancer Service open to the office network (203.0.113.0/24) only. The cloud load
# balancer gave it the address 192.0.2.80; the cafe's laptop is outside the allowed range.
apiVersion: netfilter-lab/v1alpha1
kind: Cluster
externalClients:
  - {name: office, address: 203.0.113.25}
  - {name: cafe, address: 198.51.100.7}
---
apiVersion: v1
kind: Node
metadata: {name: node-a}
spec: {podCIDR: 10.244.0.0/24}
status: {addresses: [{type: InternalIP, address: 192.168.1.10}]}
---
apiVersion: v1
kind: Node
metadata: {name: node-b}
spec: {podCIDR: 10.244.1.0/24}
status: {addresses: [{type: InternalIP, address: 192.168.1.11}]}
---
apiVersion: v1
kind: Pod
metadata: {name: web-0, labels: {app: web}}
spec:
  nodeName: node-a
  containers: [{name: web, image: nginx, ports: [{containerPort: 8080}]}]
status: {podIP: 10.244.0.5}
---
apiVersion: v1
kind: Pod
metadata: {name: web-1, labels: {app: web}}
spec:
  nodeName: node-b
  containers: [{name: web, image: nginx, ports: [{containerPort: 8080}]}]
status: {podIP: 10.244.1.5}
---
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  type: LoadBalancer
  clusterIP: 10.96.0.80
  selector: {app: web}
  ports:
    - {name: http, port: 80, targetPort: 8080, nodePort: 30880}
  loadBalancerSourceRanges: [203.0.113.0/24]
status:
  loadBalancer:
    ingress: [{ip: 192.0.2.80}]
`;

export const loadBalancerSourceRanges: Scenario = {
  id: 'loadbalancer-source-ranges',
  title: {
    en: 'A LoadBalancer with loadBalancerSourceRanges',
    ko: 'loadBalancerSourceRanges를 둔 LoadBalancer',
  },
  summary: {
    en: 'Only 203.0.113.0/24 may use the load balancer: KUBE-FW drops every other source.',
    ko: '203.0.113.0/24에서만 로드밸런서를 쓸 수 있고, KUBE-FW가 나머지 출발지를 버립니다.',
  },
  description: {
    en:
      'The office laptop connects to the load balancer address 192.0.2.80:80. KUBE-SERVICES sends ' +
      'it to KUBE-FW, which lets sources in 203.0.113.0/24 on to KUBE-EXT (marked for masquerade, ' +
      'then DNAT to a pod) and drops anything else. Send it from the cafe instead to see the drop.',
    ko:
      '사무실 노트북이 로드밸런서 주소 192.0.2.80:80에 접속합니다. KUBE-SERVICES가 패킷을 KUBE-FW로 ' +
      '보내고, KUBE-FW는 203.0.113.0/24에서 온 패킷만 KUBE-EXT로 넘깁니다(마스커레이드 표시 후 파드로 ' +
      'DNAT). 나머지는 버립니다. 카페에서 보내 보면 버려지는 모습을 볼 수 있습니다.',
  },
  clusters: [{ label: { en: '2 pods', ko: '파드 2개' }, yaml: LOADBALANCER_YAML }],
  flow: { from: 'client/office', to: '192.0.2.80:80', via: 'node/node-a' },
  packet: packetForm(
    { kind: 'client', name: 'office' },
    { kind: 'address', address: '192.0.2.80' },
    { entryNode: 'node-a' },
  ),
  node: 'node-a',
};
