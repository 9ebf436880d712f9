/**
 * NodePort 30080 reached from outside on a node that does not run the pod (from the study
 * group's article): with externalTrafficPolicy Cluster the node masquerades the packet to its
 * own address and forwards it to the node that has the pod.
 */
import { packetForm } from './packet.ts';
import type { Scenario } from './types.ts';

export const NODEPORT_30080_YAML = `# NodePort 30080: the only pod runs on node-a; a laptop outside the cluster connects to node-b.
apiVersion: netfilter-lab/v1alpha1
kind: Cluster
serviceCIDR: 10.43.0.0/16
externalClients:
  - {name: laptop, address: 172.16.0.10}
---
apiVersion: v1
kind: Node
metadata: {name: node-a}
spec: {podCIDR: 10.42.0.0/24}
status: {addresses: [{type: InternalIP, address: 10.32.11.62}]}
---
apiVersion: v1
kind: Node
metadata: {name: node-b}
spec: {podCIDR: 10.42.1.0/24}
status: {addresses: [{type: InternalIP, address: 10.32.7.224}]}
---
apiVersion: v1
kind: Pod
metadata: {name: service-test-nodeport, labels: {app: service_test_pod_nodeport}}
spec:
  nodeName: node-a
  containers:
    - name: simple-http
      image: python:2.7
      ports: [{name: http, containerPort: 8080}]
status: {podIP: 10.42.0.69}
---
apiVersion: v1
kind: Service
metadata: {name: service-test-nodeport}
spec:
  type: NodePort
  clusterIP: 10.43.250.102
  selector: {app: service_test_pod_nodeport}
  ports:
    - {protocol: TCP, port: 80, targetPort: http, nodePort: 30080}
`;

export const nodeportOtherNode: Scenario = {
  id: 'nodeport-other-node',
  title: {
    en: 'NodePort 30080 on a node without the pod',
    ko: '파드가 없는 노드로 들어온 NodePort 30080',
  },
  summary: {
    en: 'externalTrafficPolicy: Cluster — the node without the pod masquerades and forwards.',
    ko: 'externalTrafficPolicy: Cluster — 파드가 없는 노드가 마스커레이드해서 넘겨 줍니다.',
  },
  description: {
    en:
      'The laptop connects to node-b:30080, but the only pod runs on node-a. node-b DNATs the ' +
      'packet to the pod, KUBE-EXT marks it for masquerade (externalTrafficPolicy: Cluster), and ' +
      "POSTROUTING rewrites the source to node-b's own address before routing it to node-a. The pod " +
      'sees node-b, not the laptop; the reply goes back through node-b, whose conntrack entry undoes both translations.',
    ko:
      '노트북이 node-b:30080에 접속하지만 파드는 node-a에만 있습니다. node-b가 목적지를 파드로 DNAT하고, ' +
      'KUBE-EXT 체인이 마스커레이드 표시를 하며(externalTrafficPolicy: Cluster), POSTROUTING에서 출발지를 ' +
      'node-b 주소로 바꾼 뒤 node-a로 보냅니다. 파드는 노트북이 아니라 node-b를 보게 되고, 응답은 다시 ' +
      'node-b를 거치며 conntrack 항목이 두 변환을 모두 되돌립니다.',
  },
  clusters: [
    { label: { en: '1 pod on node-a', ko: 'node-a에 파드 1개' }, yaml: NODEPORT_30080_YAML },
  ],
  flow: { from: 'client/laptop', to: 'node/node-b:30080' },
  packet: packetForm(
    { kind: 'client', name: 'laptop' },
    {
      kind: 'nodeport',
      namespace: 'default',
      name: 'service-test-nodeport',
      nodePort: 30080,
      node: 'node-b',
    },
    { entryNode: 'node-b' },
  ),
  node: 'node-b',
};
