import { describe, expect, it } from 'vitest';
import { loadCluster } from './load.ts';

const NODE = `apiVersion: v1
kind: Node
metadata: {name: node-a}
spec: {podCIDR: 10.244.1.0/24}
status: {addresses: [{type: InternalIP, address: 192.168.0.11}]}
---
`;

const unknownFields = (text: string) =>
  loadCluster(text).diagnostics.filter((d) => d.code === 'unknown-field');

describe('unknown keys', () => {
  it('warns at a misspelled selector, suggests it and says the Service selects nothing', () => {
    const text = `${NODE}apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selctor:
    app: web
  ports:
  - port: 80
`;
    const [d, ...rest] = unknownFields(text);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({
      severity: 'warning',
      line: 12,
      column: 3,
      endLine: 12,
      endColumn: 10,
    });
    expect(d?.message).toContain('did you mean "selector"?');
    expect(d?.message).toContain('selects no pods');
  });

  it('warns at a misspelled targetPort inside a port, with the port it falls back to', () => {
    const text = `${NODE}apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  selector: {app: web}
  ports:
    - name: http
      port: 80
      tragetPort: 8080
`;
    const [d, ...rest] = unknownFields(text);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: 'warning', line: 15, column: 7 });
    expect(d?.message).toContain(`a Service's spec.ports[0]`);
    expect(d?.message).toContain('did you mean "targetPort"?');
    expect(d?.message).toContain('(80)');
  });

  it('warns that a misspelled externalTrafficPolicy leaves the Service on Cluster', () => {
    const text = `${NODE}apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  type: NodePort
  externalTraficPolicy: Local
  selector: {app: web}
  ports: [{port: 80}]
`;
    const [d, ...rest] = unknownFields(text);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: 'warning', line: 12, column: 3 });
    expect(d?.message).toContain('did you mean "externalTrafficPolicy"?');
    expect(d?.message).toContain('stays Cluster');
  });

  it('suggests the right case for a wrongly cased key, in a List item too', () => {
    const text = `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Service
  metadata: {name: web}
  spec:
    ports: [{port: 80, targetport: 8080}]
`;
    const [d] = unknownFields(text);
    expect(d).toMatchObject({ line: 8, column: 24 });
    expect(d?.message).toContain('did you mean "targetPort"?');
  });

  it('names the fields when none is close, and says the key is ignored', () => {
    const [d] = unknownFields(
      `kind: Service\nmetadata: {name: web}\nspec:\n  ports:\n  - {port: 80, colour: blue}\n`,
    );
    expect(d?.message).toBe(
      `"colour" is not a field of a Service's spec.ports[0]; it is ignored (fields here: name, protocol, appProtocol, port, targetPort, nodePort).`,
    );
  });

  it('gives no effect when the meant field is there too', () => {
    const [d] = unknownFields(
      `kind: Service\nmetadata: {name: web}\nspec:\n  selector: {app: web}\n  selectr: {app: web}\n`,
    );
    expect(d?.message).toBe(
      `"selectr" is not a field of a Service's spec; did you mean "selector"? It is ignored.`,
    );
  });

  it('checks a Deployment down to its containers, probes and pod template labels', () => {
    const text = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata:
      lables: {app: web}
    spec:
      containers:
      - name: web
        image: nginx
        livenessProbe: {httpGet: {path: /, port: 80}, initalDelaySeconds: 3}
        ports: [{containerPort: 80}]
`;
    const found = unknownFields(text).map((d) => [d.line, d.column, d.message]);
    expect(found).toEqual([
      [
        8,
        7,
        `"lables" is not a field of a Deployment's spec.template.metadata; did you mean "labels"? It is ignored, so the pods have no labels, and no Service selector matches them.`,
      ],
      [
        13,
        55,
        `"initalDelaySeconds" is not a field of a Deployment's spec.template.spec.containers[0].livenessProbe; did you mean "initialDelaySeconds"? It is ignored.`,
      ],
    ]);
  });

  it('leaves a realistic Deployment and Service, as the Kubernetes docs write them, alone', () => {
    const text = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  namespace: default
  labels:
    app: nginx
  annotations:
    kubernetes.io/change-cause: "image updated to 1.27"
spec:
  replicas: 3
  revisionHistoryLimit: 5
  strategy:
    type: RollingUpdate
    rollingUpdate: {maxSurge: 1, maxUnavailable: 0}
  selector:
    matchLabels:
      app: nginx
    matchExpressions:
    - {key: tier, operator: In, values: [frontend]}
  template:
    metadata:
      labels:
        app: nginx
        tier: frontend
      annotations:
        prometheus.io/scrape: "true"
    spec:
      serviceAccountName: default
      nodeSelector: {kubernetes.io/os: linux}
      terminationGracePeriodSeconds: 30
      securityContext: {runAsNonRoot: true}
      tolerations:
      - {key: dedicated, operator: Equal, value: web, effect: NoSchedule}
      affinity:
        podAntiAffinity:
          preferredDuringSchedulingIgnoredDuringExecution: []
      volumes:
      - name: html
        emptyDir: {}
      initContainers:
      - name: init
        image: busybox:1.36
        command: ["sh", "-c", "echo hello > /work/index.html"]
        volumeMounts:
        - {name: html, mountPath: /work}
      containers:
      - name: nginx
        image: nginx:1.27
        imagePullPolicy: IfNotPresent
        args: ["-g", "daemon off;"]
        ports:
        - name: http
          containerPort: 80
          protocol: TCP
        env:
        - name: POD_IP
          valueFrom:
            fieldRef: {fieldPath: status.podIP}
        - {name: MODE, value: production}
        envFrom:
        - configMapRef: {name: nginx-config}
        resources:
          requests: {cpu: 100m, memory: 128Mi}
          limits: {cpu: 500m, memory: 256Mi}
        livenessProbe:
          httpGet: {path: /healthz, port: http, scheme: HTTP}
          initialDelaySeconds: 5
          periodSeconds: 10
          failureThreshold: 3
        readinessProbe:
          tcpSocket: {port: 80}
          timeoutSeconds: 1
          successThreshold: 1
        startupProbe:
          exec: {command: [cat, /tmp/ready]}
        lifecycle:
          preStop:
            exec: {command: [sleep, "5"]}
        volumeMounts:
        - name: html
          mountPath: /usr/share/nginx/html
          readOnly: true
        securityContext: {allowPrivilegeEscalation: false}
status:
  replicas: 3
  readyReplicas: 3
---
apiVersion: v1
kind: Service
metadata:
  name: nginx-service
  labels: {app: nginx}
  annotations:
    service.beta.kubernetes.io/aws-load-balancer-type: nlb
spec:
  type: LoadBalancer
  selector:
    app: nginx
  ports:
  - name: http
    protocol: TCP
    appProtocol: http
    port: 80
    targetPort: http
  sessionAffinity: ClientIP
  sessionAffinityConfig:
    clientIP: {timeoutSeconds: 600}
  externalTrafficPolicy: Local
  internalTrafficPolicy: Cluster
  ipFamilyPolicy: SingleStack
  ipFamilies: [IPv4]
  allocateLoadBalancerNodePorts: true
status:
  loadBalancer:
    ingress:
    - {ip: 203.0.113.10, ipMode: VIP}
`;
    expect(unknownFields(text)).toEqual([]);
  });

  it('checks KubeProxyConfiguration inside iptables, and the Cluster document', () => {
    const text = `apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
iptables: {masqueradeALL: true}
---
apiVersion: netfilter-lab/v1alpha1
kind: Cluster
servceCIDR: 10.43.0.0/16
`;
    expect(unknownFields(text).map((d) => [d.line, d.column, d.message])).toEqual([
      [
        3,
        12,
        `"masqueradeALL" is not a field of a KubeProxyConfiguration's iptables; did you mean "masqueradeAll"? It is ignored, so masqueradeAll stays false.`,
      ],
      [
        7,
        1,
        `"servceCIDR" is not a field of a Cluster; did you mean "serviceCIDR"? It is ignored, so the service CIDR stays 10.96.0.0/12.`,
      ],
    ]);
  });
});
