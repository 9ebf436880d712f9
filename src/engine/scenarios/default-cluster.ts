/**
 * The cluster the app opens with: the study group's ClusterIP example ("쿠버네티스 서비스
 * 네트워크 이해하기") — a Service with 4 pods on 2 k3s nodes, port 80 → 8080 — plus a client
 * pod that sends to the ClusterIP. Pod names and addresses are the article's, so the chain names
 * match the iptables-save output it shows. Plain data: the app, the worker and tests share it.
 */

export const DEFAULT_CLUSTER_YAML = `# A ClusterIP Service with 4 pods on 2 nodes (k3s defaults: pods 10.42.0.0/16,
# services 10.43.0.0/16), as in the article "쿠버네티스 서비스 네트워크 이해하기".
apiVersion: netfilter-lab/v1alpha1
kind: Cluster
serviceCIDR: 10.43.0.0/16
externalClients:
  - {name: laptop, address: 203.0.113.7}
---
# k3s runs kube-proxy with --cluster-cidr 10.42.0.0/16: traffic from outside it is masqueraded
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
clusterCIDR: 10.42.0.0/16
---
apiVersion: v1
kind: Node
metadata:
  name: ip-10-32-11-62.ap-northeast-2.compute.internal
spec:
  podCIDR: 10.42.0.0/24
status:
  addresses:
    - {type: InternalIP, address: 10.32.11.62}
---
apiVersion: v1
kind: Node
metadata:
  name: ip-10-32-7-224.ap-northeast-2.compute.internal
spec:
  podCIDR: 10.42.1.0/24
status:
  addresses:
    - {type: InternalIP, address: 10.32.7.224}
---
apiVersion: v1
kind: List
items:
  - apiVersion: v1
    kind: Pod
    metadata: {name: service-test-cd79b78bd-wtc49, labels: {app: service-test}}
    spec:
      nodeName: ip-10-32-11-62.ap-northeast-2.compute.internal
      containers: [{name: web, image: python:2.7, ports: [{containerPort: 8080}]}]
    status: {podIP: 10.42.0.44}
  - apiVersion: v1
    kind: Pod
    metadata: {name: service-test-cd79b78bd-pq8bz, labels: {app: service-test}}
    spec:
      nodeName: ip-10-32-11-62.ap-northeast-2.compute.internal
      containers: [{name: web, image: python:2.7, ports: [{containerPort: 8080}]}]
    status: {podIP: 10.42.0.43}
  - apiVersion: v1
    kind: Pod
    metadata: {name: service-test-cd79b78bd-bkr52, labels: {app: service-test}}
    spec:
      nodeName: ip-10-32-7-224.ap-northeast-2.compute.internal
      containers: [{name: web, image: python:2.7, ports: [{containerPort: 8080}]}]
    status: {podIP: 10.42.1.42}
  - apiVersion: v1
    kind: Pod
    metadata: {name: service-test-cd79b78bd-82rpx, labels: {app: service-test}}
    spec:
      nodeName: ip-10-32-7-224.ap-northeast-2.compute.internal
      containers: [{name: web, image: python:2.7, ports: [{containerPort: 8080}]}]
    status: {podIP: 10.42.1.41}
  # the pod that runs curl against the Service
  - apiVersion: v1
    kind: Pod
    metadata: {name: client, labels: {app: client}}
    spec:
      nodeName: ip-10-32-11-62.ap-northeast-2.compute.internal
      containers: [{name: shell, image: nicolaka/netshoot}]
    status: {podIP: 10.42.0.10}
---
apiVersion: v1
kind: Service
metadata:
  name: service-test
spec:
  selector: {app: service-test}
  clusterIP: 10.43.62.130
  ports:
    - port: 80
      targetPort: 8080
`;

export const DEFAULT_NODE = 'ip-10-32-11-62.ap-northeast-2.compute.internal';
