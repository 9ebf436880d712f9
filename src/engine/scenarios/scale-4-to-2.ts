/**
 * Scaling a Deployment from 4 to 3 to 2 pods, from the study group's article on kube-proxy: each
 * time the KUBE-SVC chain is rewritten, and the probabilities 0.25, 0.33333333349, 0.5 shrink to
 * 0.33333333349, 0.5 and then to 0.5 alone.
 */
import { packetForm } from './packet.ts';
import type { Scenario } from './types.ts';

const cluster = (
  replicas: number,
) => `# Deployment nginx with ${replicas} replicas behind a ClusterIP Service (EKS-style addresses).
apiVersion: netfilter-lab/v1alpha1
kind: Cluster
serviceCIDR: 172.20.0.0/16
---
apiVersion: v1
kind: Node
metadata: {name: ip-10-20-10-207.ap-northeast-2.compute.internal}
spec: {podCIDR: 10.244.0.0/24}
status: {addresses: [{type: InternalIP, address: 10.20.10.207}]}
---
apiVersion: v1
kind: Node
metadata: {name: ip-10-20-11-149.ap-northeast-2.compute.internal}
spec: {podCIDR: 10.244.1.0/24}
status: {addresses: [{type: InternalIP, address: 10.20.11.149}]}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: nginx, namespace: test}
spec:
  selector:
    matchLabels: {app: nginx}
  replicas: ${replicas}
  template:
    metadata:
      labels: {app: nginx}
    spec:
      containers:
        - name: nginx
          image: nginx
          ports: [{containerPort: 80}]
---
apiVersion: v1
kind: Pod
metadata: {name: client, namespace: test, labels: {app: client}}
spec:
  nodeName: ip-10-20-10-207.ap-northeast-2.compute.internal
  containers: [{name: curl, image: curlimages/curl}]
status: {podIP: 10.244.0.100}
---
apiVersion: v1
kind: Service
metadata: {name: nginx, namespace: test, labels: {app: nginx}}
spec:
  type: ClusterIP
  clusterIP: 172.20.247.136
  selector: {app: nginx}
  ports:
    - {name: http, port: 80, protocol: TCP, targetPort: 80}
`;

const NODE_A = 'ip-10-20-10-207.ap-northeast-2.compute.internal';

export const scale4to2: Scenario = {
  id: 'scale-4-3-2',
  title: {
    en: 'Scaling from 4 to 3 to 2 pods rewrites the probabilities',
    ko: '파드를 4개에서 3개, 2개로 줄이면 확률이 다시 쓰인다',
  },
  summary: {
    en: 'Each scale rewrites KUBE-SVC: 1/4, 1/3, 1/2 with 4 pods; 1/3, 1/2 with 3; 1/2 with 2.',
    ko: '스케일할 때마다 KUBE-SVC가 다시 쓰입니다: 4개면 1/4, 1/3, 1/2, 3개면 1/3, 1/2, 2개면 1/2.',
  },
  description: {
    en:
      'KUBE-SVC tries the endpoints in order, and the probability on each rule is the share of ' +
      'what is left: with 4 pods 0.25, 0.33333333349 and 0.5, the last rule taking the rest. Scale ' +
      'the Deployment to 3 and kube-proxy writes 0.33333333349 and 0.5; at 2 only 0.5 remains. ' +
      'Every pod keeps an equal share, give or take the rounding of 2^31.',
    ko:
      'KUBE-SVC는 엔드포인트를 차례로 시도하고, 규칙마다 붙은 확률은 남은 것 중의 몫입니다. 파드가 ' +
      '4개면 0.25, 0.33333333349, 0.5이고 마지막 규칙이 나머지를 받습니다. Deployment를 3개로 줄이면 ' +
      'kube-proxy가 0.33333333349와 0.5를, 2개면 0.5 하나만 씁니다. 2^31 반올림 오차를 빼면 파드마다 ' +
      '같은 몫을 받습니다.',
  },
  clusters: [
    { label: { en: '4 pods', ko: '파드 4개' }, yaml: cluster(4) },
    { label: { en: '3 pods', ko: '파드 3개' }, yaml: cluster(3) },
    { label: { en: '2 pods', ko: '파드 2개' }, yaml: cluster(2) },
  ],
  flow: { from: 'pod/test/client', to: 'svc/test/nginx:http' },
  packet: packetForm(
    { kind: 'pod', namespace: 'test', name: 'client' },
    { kind: 'service', namespace: 'test', name: 'nginx', port: 80 },
    { entryNode: NODE_A },
  ),
  node: NODE_A,
};
