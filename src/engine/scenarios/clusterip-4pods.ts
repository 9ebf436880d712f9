/**
 * A ClusterIP Service with 4 pods on 2 nodes, from the study group's article on Kubernetes
 * Service networking (k3s: pods in 10.42.0.0/16, Services in 10.43.0.0/16): kube-proxy's
 * KUBE-SVC chain picks 10.42.0.43 with probability 0.25, then 0.333…, then 0.5, then the rest —
 * a quarter each in the end.
 */
import { packetForm } from './packet.ts';
import type { Scenario } from './types.ts';

const NODE1 = 'ip-10-32-11-62.ap-northeast-2.compute.internal';
const NODE2 = 'ip-10-32-7-224.ap-northeast-2.compute.internal';

const pod = (name: string, node: string, ip: string) => `  - apiVersion: v1
    kind: Pod
    metadata: {name: ${name}, labels: {app: service-test}}
    spec:
      nodeName: ${node}
      containers: [{name: web, image: python:2.7, ports: [{containerPort: 8080}]}]
    status: {podIP: ${ip}}`;

export const CLUSTERIP_4PODS_YAML = `# A ClusterIP Service with 4 pods on 2 nodes (k3s defaults: pods 10.42.0.0/16, Services
# 10.43.0.0/16), and a client pod on the second node.
apiVersion: netfilter-lab/v1alpha1
kind: Cluster
serviceCIDR: 10.43.0.0/16
---
apiVersion: v1
kind: Node
metadata: {name: ${NODE1}}
spec: {podCIDR: 10.42.0.0/24}
status: {addresses: [{type: InternalIP, address: 10.32.11.62}]}
---
apiVersion: v1
kind: Node
metadata: {name: ${NODE2}}
spec: {podCIDR: 10.42.1.0/24}
status: {addresses: [{type: InternalIP, address: 10.32.7.224}]}
---
apiVersion: v1
kind: List
items:
${pod('service-test-cd79b78bd-wtc49', NODE1, '10.42.0.44')}
${pod('service-test-cd79b78bd-pq8bz', NODE1, '10.42.0.43')}
${pod('service-test-cd79b78bd-bkr52', NODE2, '10.42.1.42')}
${pod('service-test-cd79b78bd-82rpx', NODE2, '10.42.1.41')}
---
apiVersion: v1
kind: Pod
metadata: {name: client, labels: {app: client}}
spec:
  nodeName: ${NODE2}
  containers: [{name: curl, image: curlimages/curl}]
status: {podIP: 10.42.1.10}
---
apiVersion: v1
kind: Service
metadata: {name: service-test}
spec:
  selector: {app: service-test}
  clusterIP: 10.43.62.130
  ports:
    - port: 80
      targetPort: 8080
`;

export const clusterip4pods: Scenario = {
  id: 'clusterip-4pods',
  title: {
    en: 'A ClusterIP Service with 4 pods on 2 nodes',
    ko: '2개 노드에 파드 4개가 있는 ClusterIP 서비스',
  },
  summary: {
    en: "The articles' chain: KUBE-SVC picks a pod with 1/4, then 1/3 and 1/2 of the rest.",
    ko: '글에 나온 체인: KUBE-SVC가 1/4, 남은 것의 1/3, 1/2 확률로 파드를 고릅니다.',
  },
  description: {
    en:
      'The client pod on the second node connects to the Service 10.43.62.130:80. KUBE-SVC tries ' +
      'the endpoints in order with probabilities 0.25, 0.333…, 0.5 and "the rest", so each pod gets ' +
      "about a quarter of the connections. The DNAT happens on the client's node; a pod on the " +
      "other node is reached through the route to that node's podCIDR, with no masquerade: the pod " +
      "sees the client pod's own address.",
    ko:
      '두 번째 노드의 client 파드가 서비스 10.43.62.130:80에 접속합니다. KUBE-SVC 체인은 엔드포인트를 ' +
      '차례로 0.25, 0.333…, 0.5, 나머지 확률로 고르므로 결국 파드마다 약 4분의 1씩 받습니다. DNAT은 ' +
      'client가 있는 노드에서 일어나고, 다른 노드의 파드로는 그 노드의 podCIDR 경로를 따라 갑니다. ' +
      '마스커레이드가 없으니 파드는 client 파드의 주소를 그대로 봅니다.',
  },
  clusters: [{ label: { en: '4 pods', ko: '파드 4개' }, yaml: CLUSTERIP_4PODS_YAML }],
  flow: { from: 'pod/default/client', to: 'svc/default/service-test:80' },
  packet: packetForm(
    { kind: 'pod', namespace: 'default', name: 'client' },
    { kind: 'service', namespace: 'default', name: 'service-test', port: 80 },
    { entryNode: NODE2 },
  ),
  node: NODE2,
};
