/**
 * The cluster the compiler's benchmark reads (bench-compile.ts, and the side-by-side run in
 * vs.ts): 5,000 Services × 10 endpoints on 10 nodes, written the way a student would write
 * 50,000 endpoints: not as 50,000 Pods or EndpointSlices but as 5,000 Deployments of 10 replicas
 * (spread over the 10 nodes by the loader), each with a Service selecting it. The mix: every 5th
 * Service is a NodePort, every 3rd uses a named targetPort, every 10th leaves out its clusterIP
 * (so the loader allocates one), spread over 10 namespaces. Deterministic: the same text every run.
 */
export const SERVICES = 5000;
export const NODES = 10;
export const REPLICAS = 10;

/** The cluster YAML: 10 Nodes, a KubeProxyConfiguration, then a Deployment and a Service each. */
export function generateCluster(services = SERVICES, nodes = NODES, replicas = REPLICAS): string {
  const out: string[] = [
    `apiVersion: netfilter-lab/v1alpha1
kind: Cluster
serviceCIDR: 10.96.0.0/16
---
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
clusterCIDR: 10.64.0.0/12`,
  ];
  for (let n = 0; n < nodes; n++)
    out.push(`apiVersion: v1
kind: Node
metadata:
  name: node-${n}
  labels:
    kubernetes.io/hostname: node-${n}
spec:
  podCIDR: 10.${64 + n}.0.0/16
status:
  addresses:
  - type: InternalIP
    address: 192.168.${Math.floor(n / 200)}.${10 + (n % 200)}
  - type: Hostname
    address: node-${n}`);
  for (let s = 0; s < services; s++) {
    const ns = `team-${s % 10}`;
    const app = `app-${s}`;
    const named = s % 3 === 0;
    const nodePort = s % 5 === 0;
    const containerPort = 8000 + (s % 100);
    out.push(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${app}
  namespace: ${ns}
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: ${app}
  template:
    metadata:
      labels:
        app: ${app}
        tier: backend
    spec:
      containers:
      - name: server
        image: nginx:1.27
        ports:
        - name: http
          containerPort: ${containerPort}
          protocol: TCP`);
    const clusterIP =
      s % 10 === 9
        ? ''
        : `\n  clusterIP: 10.96.${Math.floor((s + 10) / 250)}.${((s + 10) % 250) + 1}`;
    out.push(`apiVersion: v1
kind: Service
metadata:
  name: ${app}
  namespace: ${ns}
spec:
  type: ${nodePort ? 'NodePort' : 'ClusterIP'}${clusterIP}
  selector:
    app: ${app}
  ports:
  - name: http
    protocol: TCP
    port: 80
    targetPort: ${named ? 'http' : containerPort}${nodePort ? `\n    nodePort: ${30000 + s / 5}` : ''}`);
  }
  return `${out.join('\n---\n')}\n`;
}
