/** A Service whose selector matches no pod: kube-proxy answers with a REJECT. */
import { packetForm } from './packet.ts';
import type { Scenario } from './types.ts';

export const NO_ENDPOINTS_YAML = `# Service ghost selects app=ghost, and no pod has that label.
apiVersion: v1
kind: Node
metadata: {name: node-a}
spec: {podCIDR: 10.244.0.0/24}
status: {addresses: [{type: InternalIP, address: 192.168.1.10}]}
---
apiVersion: v1
kind: Pod
metadata: {name: client, labels: {app: client}}
spec:
  nodeName: node-a
  containers: [{name: curl, image: curlimages/curl}]
status: {podIP: 10.244.0.20}
---
apiVersion: v1
kind: Service
metadata: {name: ghost}
spec:
  clusterIP: 10.96.30.30
  selector: {app: ghost}
  ports: [{name: http, port: 80}]
`;

export const noEndpoints: Scenario = {
  id: 'no-endpoints',
  title: {
    en: 'A Service with no endpoints',
    ko: '엔드포인트가 없는 서비스',
  },
  summary: {
    en: 'No pod matches the selector: kube-proxy REJECTs, so the client hears "refused" at once.',
    ko: '셀렉터에 맞는 파드가 없어 kube-proxy가 REJECT하므로 client는 곧바로 거부 응답을 받습니다.',
  },
  description: {
    en:
      'No pod carries the label app=ghost, so the Service has no endpoints. kube-proxy writes no ' +
      'DNAT for it; instead filter\'s KUBE-SERVICES rejects new connections to 10.96.30.30:80 ("has ' +
      'no endpoints") and the client gets "connection refused" at once instead of a timeout.',
    ko:
      'app=ghost 라벨을 가진 파드가 없어 서비스에 엔드포인트가 없습니다. kube-proxy는 DNAT 대신 filter ' +
      '테이블의 KUBE-SERVICES에 REJECT 규칙을 써서 10.96.30.30:80으로의 새 연결을 거부하고("has no ' +
      'endpoints"), client는 시간 초과 대신 곧바로 "connection refused"를 받습니다.',
  },
  clusters: [{ label: { en: 'no matching pod', ko: '맞는 파드 없음' }, yaml: NO_ENDPOINTS_YAML }],
  flow: { from: 'pod/default/client', to: 'svc/default/ghost:http' },
  packet: packetForm(
    { kind: 'pod', namespace: 'default', name: 'client' },
    { kind: 'service', namespace: 'default', name: 'ghost', port: 80 },
    { entryNode: 'node-a' },
  ),
  node: 'node-a',
};
