/**
 * ClientIP session affinity: kube-proxy remembers each client in a `-m recent` list per
 * endpoint (`--set` in KUBE-SEP-…) and, before the random rules of KUBE-SVC-…, sends a client
 * it has seen within the timeout (`--rcheck --seconds 10800 --reap`) back to the same endpoint.
 */
import { packetForm } from './packet.ts';
import type { Scenario } from './types.ts';

const NODE = 'node-a';

const pod = (name: string, ip: string, app: string) => `---
apiVersion: v1
kind: Pod
metadata: {name: ${name}, labels: {app: ${app}}}
spec:
  nodeName: ${NODE}
  containers: [{name: web, image: nginx, ports: [{containerPort: 8080}]}]
status: {podIP: ${ip}}
`;

export const SESSION_AFFINITY_YAML = `# A Service with sessionAffinity: ClientIP and 3 pods: a client's connections all go to the
# pod its first one went to, for up to timeoutSeconds (10800, kube-proxy's default).
apiVersion: netfilter-lab/v1alpha1
kind: Cluster
serviceCIDR: 10.96.0.0/16
---
apiVersion: v1
kind: Node
metadata: {name: ${NODE}}
spec: {podCIDR: 10.244.0.0/24}
status: {addresses: [{type: InternalIP, address: 192.168.0.10}]}
${pod('web-0', '10.244.0.11', 'web')}${pod('web-1', '10.244.0.12', 'web')}${pod('web-2', '10.244.0.13', 'web')}${pod('client', '10.244.0.50', 'client')}---
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  clusterIP: 10.96.0.80
  selector: {app: web}
  sessionAffinity: ClientIP
  sessionAffinityConfig:
    clientIP: {timeoutSeconds: 10800}
  ports:
    - {port: 80, targetPort: 8080}
`;

export const sessionAffinity: Scenario = {
  id: 'session-affinity',
  title: {
    en: 'ClientIP session affinity: the same client, the same pod',
    ko: 'ClientIP 세션 어피니티: 같은 클라이언트는 같은 파드로',
  },
  summary: {
    en: 'KUBE-SEP records the client with -m recent --set; KUBE-SVC sends it back there first.',
    ko: 'KUBE-SEP가 -m recent --set으로 클라이언트를 기록하고, KUBE-SVC가 먼저 그 파드로 보냅니다.',
  },
  description: {
    en:
      'The client pod connects to 10.96.0.80:80 twice. The first connection finds no recent list ' +
      "with its address, so KUBE-SVC picks a pod at random (a third each) and that pod's KUBE-SEP " +
      'chain records the client (-m recent --name KUBE-SEP-… --set). The second connection is ' +
      "checked first against each endpoint's list (--rcheck --seconds 10800 --reap) and goes to the " +
      'same pod with no random draw. A different client is balanced afresh.',
    ko:
      'client 파드가 10.96.0.80:80에 두 번 접속합니다. 첫 연결은 어느 recent 목록에도 주소가 없어서 ' +
      'KUBE-SVC가 파드를 무작위로(각각 3분의 1) 고르고, 그 파드의 KUBE-SEP 체인이 클라이언트를 ' +
      '기록합니다(-m recent --name KUBE-SEP-… --set). 두 번째 연결은 먼저 엔드포인트마다 목록을 ' +
      '확인하고(--rcheck --seconds 10800 --reap) 무작위 선택 없이 같은 파드로 갑니다. 다른 ' +
      '클라이언트는 처음부터 다시 분산됩니다.',
  },
  clusters: [{ label: { en: '3 pods', ko: '파드 3개' }, yaml: SESSION_AFFINITY_YAML }],
  flow: { from: 'pod/default/client', to: 'svc/default/web:80' },
  packet: packetForm(
    { kind: 'pod', namespace: 'default', name: 'client' },
    { kind: 'service', namespace: 'default', name: 'web', port: 80 },
    { entryNode: NODE },
  ),
  node: NODE,
  connectTwice: true,
};
