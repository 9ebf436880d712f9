/**
 * externalTrafficPolicy: Local, seen from both nodes: the node without a local endpoint drops
 * the connection; the node with one delivers it and keeps the client's address.
 */
import { packetForm } from './packet.ts';
import type { Scenario } from './types.ts';

export const ETP_LOCAL_YAML = `# externalTrafficPolicy: Local. node-a runs the only pod; node-b has no local endpoint.
apiVersion: netfilter-lab/v1alpha1
kind: Cluster
externalClients:
  - {name: laptop, address: 172.16.0.10}
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
  containers: [{name: nginx, image: nginx, ports: [{name: http, containerPort: 80}]}]
status: {podIP: 10.244.0.5}
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: default}
spec:
  type: NodePort
  clusterIP: 10.96.0.50
  externalTrafficPolicy: Local
  selector: {app: web}
  ports:
    - {name: http, port: 80, targetPort: http, nodePort: 30081}
`;

const nodePortPacket = (node: string) =>
  packetForm(
    { kind: 'client', name: 'laptop' },
    { kind: 'nodeport', namespace: 'default', name: 'web', nodePort: 30081, node },
    { entryNode: node },
  );

const clusters = [{ label: { en: 'pod on node-a', ko: 'node-a에 파드' }, yaml: ETP_LOCAL_YAML }];

export const etpLocalDropped: Scenario = {
  id: 'etp-local-no-endpoint',
  title: {
    en: 'externalTrafficPolicy: Local on a node with no local endpoint',
    ko: '로컬 엔드포인트가 없는 노드의 externalTrafficPolicy: Local',
  },
  summary: {
    en: 'externalTrafficPolicy: Local — a node with no local pod drops the packet.',
    ko: 'externalTrafficPolicy: Local — 로컬 파드가 없는 노드는 패킷을 버립니다.',
  },
  description: {
    en:
      'The laptop connects to node-b:30081. The Service only sends outside traffic to pods on the ' +
      "node it arrives at, and node-b has none: KUBE-EXT does not DNAT, and filter's " +
      'KUBE-EXTERNAL-SERVICES drops the packet ("has no local endpoints"). The connection times out.',
    ko:
      '노트북이 node-b:30081에 접속합니다. 이 서비스는 외부 트래픽을 도착한 노드의 파드로만 보내는데 ' +
      'node-b에는 파드가 없습니다. KUBE-EXT는 DNAT하지 않고, filter 테이블의 KUBE-EXTERNAL-SERVICES가 ' +
      '패킷을 버립니다("has no local endpoints"). 접속은 시간 초과로 끝납니다.',
  },
  clusters,
  flow: { from: 'client/laptop', to: 'node/node-b:30081' },
  packet: nodePortPacket('node-b'),
  node: 'node-b',
};

export const etpLocalKept: Scenario = {
  id: 'etp-local-source-kept',
  title: {
    en: 'externalTrafficPolicy: Local on the node with the pod',
    ko: '파드가 있는 노드의 externalTrafficPolicy: Local',
  },
  summary: {
    en: "externalTrafficPolicy: Local — the pod's node delivers it and keeps the client's address.",
    ko: 'externalTrafficPolicy: Local — 파드가 있는 노드는 클라이언트 주소를 그대로 전달합니다.',
  },
  description: {
    en:
      'The laptop connects to node-a:30081, where the pod runs. KUBE-EXT jumps straight to the ' +
      "local endpoints without marking for masquerade, so the pod sees the laptop's own address " +
      '172.16.0.10 — the reason to choose Local.',
    ko:
      '노트북이 파드가 있는 node-a:30081에 접속합니다. KUBE-EXT는 마스커레이드 표시 없이 바로 로컬 ' +
      '엔드포인트로 보내므로 파드는 노트북의 주소 172.16.0.10을 그대로 봅니다. Local을 고르는 이유입니다.',
  },
  clusters,
  flow: { from: 'client/laptop', to: 'node/node-a:30081' },
  packet: nodePortPacket('node-a'),
  node: 'node-a',
};
