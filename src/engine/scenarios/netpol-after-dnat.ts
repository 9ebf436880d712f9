/**
 * NetworkPolicy after Service DNAT, with Calico's rules: a pod reaches a database through its
 * Service; the policy on the database names the targetPort and the client's labels, and is
 * enforced on the database's node after kube-proxy has already rewritten the destination.
 */
import { packetForm } from './packet.ts';
import type { Scenario } from './types.ts';

const BASE = `# Calico writes the NetworkPolicy rules (networkPolicy: calico); kube-proxy writes the Service's.
apiVersion: netfilter-lab/v1alpha1
kind: Cluster
networkPolicy: calico
---
apiVersion: v1
kind: Node
metadata: {name: node-a}
spec: {podCIDR: 10.244.1.0/24}
status: {addresses: [{type: InternalIP, address: 192.168.56.11}]}
---
apiVersion: v1
kind: Node
metadata: {name: node-b}
spec: {podCIDR: 10.244.2.0/24}
status: {addresses: [{type: InternalIP, address: 192.168.56.12}]}
---
apiVersion: v1
kind: Namespace
metadata: {name: shop, labels: {team: shop}}
---
apiVersion: v1
kind: Pod
metadata: {name: db, namespace: shop, labels: {app: db}}
spec:
  nodeName: node-a
  containers: [{name: db, image: postgres, ports: [{name: pg, containerPort: 5432}]}]
status: {podIP: 10.244.1.10}
---
apiVersion: v1
kind: Service
metadata: {name: db, namespace: shop}
spec:
  clusterIP: 10.96.50.50
  selector: {app: db}
  ports: [{name: sql, port: 80, targetPort: pg}]
---
apiVersion: v1
kind: Pod
metadata: {name: frontend, namespace: shop, labels: {app: frontend}}
spec:
  nodeName: node-b
  containers: [{name: web, image: nginx}]
status: {podIP: 10.244.2.20}
---
apiVersion: v1
kind: Pod
metadata: {name: intruder, namespace: default, labels: {app: debug}}
spec:
  nodeName: node-b
  containers: [{name: curl, image: curlimages/curl}]
status: {podIP: 10.244.2.30}
`;

const POLICY = `---
# Only frontend may open connections to db, and only on the port db listens on (the
# targetPort, 5432, here by its name pg) — not the Service's port 80.
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: db-from-frontend, namespace: shop}
spec:
  podSelector: {matchLabels: {app: db}}
  policyTypes: [Ingress]
  ingress:
  - from: [{podSelector: {matchLabels: {app: frontend}}}]
    ports: [{protocol: TCP, port: pg}]
`;

export const NETPOL_YAML = BASE + POLICY;

export const netpolAfterDnat: Scenario = {
  id: 'netpol-after-dnat',
  title: {
    en: 'NetworkPolicy after Service DNAT (Calico)',
    ko: '서비스 DNAT 뒤의 NetworkPolicy (Calico)',
  },
  summary: {
    en: "A pod outside the policy reaches the database's Service: Calico drops it on the database's node, after the DNAT.",
    ko: '정책이 허용하지 않은 파드가 DB 서비스로 접속하면, DNAT이 끝난 뒤 DB가 있는 노드에서 Calico가 버립니다.',
  },
  description: {
    en:
      'intruder (namespace default) connects to the Service shop/db at 10.96.50.50:80. kube-proxy on ' +
      "node-b rewrites the destination to db's address and port, 10.244.1.10:5432, and the packet " +
      "crosses to node-a. There filter FORWARD jumps to cali-FORWARD, which sends it to db's own " +
      'chain cali-tw-…: the policy db-from-frontend selects db, so db is isolated for ingress, and ' +
      "its chain cali-pi-… only marks packets from frontend's ipset to port 5432. Nothing marks this " +
      'one, so "End of tier default" drops it. The policy had to name 5432 (the targetPort), not 80: ' +
      'it never sees the Service port. Without the policy (the first version) the same packet is ' +
      'delivered: db is not isolated and its namespace profile allows everything.',
    ko:
      'default 네임스페이스의 intruder가 shop/db 서비스(10.96.50.50:80)로 접속합니다. node-b의 ' +
      'kube-proxy가 목적지를 db의 주소와 포트 10.244.1.10:5432로 바꾸고, 패킷은 node-a로 건너갑니다. ' +
      '거기서 filter FORWARD가 cali-FORWARD로 점프하고, cali-FORWARD는 db 전용 체인 cali-tw-…로 ' +
      '보냅니다. db-from-frontend 정책이 db를 고르므로 db는 인그레스가 격리되고, 정책 체인 cali-pi-…는 ' +
      'frontend의 ipset에서 5432 포트로 오는 패킷에만 허용 표시를 합니다. 이 패킷에는 표시가 없으니 ' +
      '"End of tier default" 규칙이 버립니다. 정책에는 서비스 포트 80이 아니라 targetPort 5432를 써야 ' +
      '합니다. 정책은 서비스 포트를 보지 못합니다. 정책이 없는 첫 번째 버전에서는 같은 패킷이 ' +
      '전달됩니다. db가 격리되지 않았고 네임스페이스 프로필이 모두 허용하기 때문입니다.',
  },
  clusters: [
    { label: { en: 'no policy', ko: '정책 없음' }, yaml: BASE },
    { label: { en: 'db-from-frontend', ko: 'db-from-frontend 정책' }, yaml: NETPOL_YAML },
  ],
  flow: { from: 'pod/default/intruder', to: 'svc/shop/db:sql' },
  packet: packetForm(
    { kind: 'pod', namespace: 'default', name: 'intruder' },
    { kind: 'service', namespace: 'shop', name: 'db', port: 80 },
    { entryNode: 'node-b' },
  ),
  node: 'node-b',
};
