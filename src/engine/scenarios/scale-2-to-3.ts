/**
 * Scaling a Deployment from 2 to 3 pods, from the study group's article on kube-proxy: the
 * KUBE-SVC chain is rewritten, 0.5 becomes 0.33333333349 then 0.5, and each pod's share changes.
 */
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

export const SCALE_2_PODS_YAML = cluster(2);
export const SCALE_3_PODS_YAML = cluster(3);

export const scale2to3: Scenario = {
  id: 'scale-2-to-3',
  title: {
    en: 'Scaling from 2 to 3 pods changes the probabilities',
    ko: '파드를 2개에서 3개로 늘리면 확률이 바뀐다',
  },
  description: {
    en:
      'With 2 pods, KUBE-SVC sends half of the new connections to the first endpoint (probability ' +
      '0.5) and the rest to the second. Scale the Deployment to 3 and kube-proxy rewrites the chain: ' +
      '0.33333333349 for the first, 0.5 of what is left for the second, the rest for the third — a ' +
      'third each, give or take the rounding of 2^31.',
    ko:
      '파드가 2개일 때 KUBE-SVC는 새 연결의 절반(확률 0.5)을 첫 엔드포인트로, 나머지를 두 번째로 ' +
      '보냅니다. Deployment를 3개로 늘리면 kube-proxy가 체인을 다시 씁니다: 첫 번째는 0.33333333349, ' +
      '남은 것의 0.5는 두 번째, 나머지는 세 번째. 2^31 반올림 오차를 빼면 3분의 1씩입니다.',
  },
  clusters: [
    { label: { en: '2 pods', ko: '파드 2개' }, yaml: SCALE_2_PODS_YAML },
    { label: { en: '3 pods', ko: '파드 3개' }, yaml: SCALE_3_PODS_YAML },
  ],
  flow: { from: 'pod/test/client', to: 'svc/test/nginx:http' },
};
