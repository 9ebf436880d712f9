/**
 * Who can reach whom under a few policies, in the spirit of the upstream NetworkPolicy e2e tests
 * (namespaces x, y, z with pods a, b, c serving 80 and 81): each case adds policies to one
 * two-node cluster and checks, through `journey`, that every listed connection is delivered or
 * not as the NetworkPolicy API says. The table runs once per CNI (Calico drops, kube-router
 * rejects): both implement the same API, so every verdict is the same. Services and NodePorts check what a
 * policy sees: the endpoint and targetPort after DNAT, the client before the NodePort SNAT.
 */
import { describe, expect, it } from 'vitest';
import { journey } from '../journey/index.ts';

const PODS: [string, string, string, string][] = [
  ['x', 'a', 'node-1', '10.244.1.10'],
  ['x', 'b', 'node-2', '10.244.2.11'],
  ['x', 'c', 'node-1', '10.244.1.12'],
  ['y', 'a', 'node-2', '10.244.2.20'],
  ['y', 'b', 'node-1', '10.244.1.21'],
  ['y', 'c', 'node-2', '10.244.2.22'],
  ['z', 'a', 'node-1', '10.244.1.30'],
  ['z', 'b', 'node-2', '10.244.2.31'],
  ['z', 'c', 'node-1', '10.244.1.32'],
];

const node = (name: string, ip: string, cidr: string) => `---
apiVersion: v1
kind: Node
metadata: {name: ${name}}
spec: {podCIDR: ${cidr}}
status: {addresses: [{type: InternalIP, address: ${ip}}]}
`;

const base = (cni: string) =>
  [
    `apiVersion: netfilter-lab/v1alpha1
kind: Cluster
networkPolicy: ${cni}
externalClients: [{name: ext, address: 203.0.113.9}]
`,
    node('node-1', '192.168.56.11', '10.244.1.0/24'),
    node('node-2', '192.168.56.12', '10.244.2.0/24'),
    ...['x', 'y', 'z'].map(
      (ns) => `---
apiVersion: v1
kind: Namespace
metadata: {name: ${ns}, labels: {ns: ${ns}}}
`,
    ),
    ...PODS.map(
      ([ns, pod, n, ip]) => `---
apiVersion: v1
kind: Pod
metadata: {name: ${pod}, namespace: ${ns}, labels: {pod: ${pod}}}
spec:
  nodeName: ${n}
  containers:
  - name: serve
    image: agnhost
    ports:
    - {name: serve-80-tcp, containerPort: 80}
    - {name: serve-81-tcp, containerPort: 81}
    - {name: serve-80-udp, containerPort: 80, protocol: UDP}
status: {podIP: ${ip}}
`,
    ),
    `---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: x}
spec:
  type: NodePort
  clusterIP: 10.96.0.10
  selector: {pod: a}
  ports: [{port: 8080, targetPort: 80, nodePort: 30080}]
---
apiVersion: v1
kind: Service
metadata: {name: web-local, namespace: x}
spec:
  type: NodePort
  clusterIP: 10.96.0.11
  externalTrafficPolicy: Local
  selector: {pod: a}
  ports: [{port: 8080, targetPort: 80, nodePort: 30081}]
`,
  ].join('');

const policy = (ns: string, name: string, spec: string) => `---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: ${name}, namespace: ${ns}}
spec:
${spec.replace(/^/gm, '  ')}
`;

const DENY_X = policy('x', 'deny-ingress', 'podSelector: {}\npolicyTypes: [Ingress]');

/** `from → to[/proto]`: yes when delivered. */
type Probe = [from: string, to: string, delivered: boolean, proto?: string];

interface Case {
  name: string;
  policies: string[];
  probes: Probe[];
}

const CASES: Case[] = [
  {
    name: 'no policy: everything reaches everything',
    policies: [],
    probes: [
      ['pod/y/b', 'pod/x/a:80', true],
      ['pod/z/c', 'pod/x/b:81', true],
      ['pod/x/a', 'pod/x/c:80', true],
    ],
  },
  {
    name: 'default-deny ingress isolates only the ingress of its namespace',
    policies: [DENY_X],
    probes: [
      ['pod/y/b', 'pod/x/a:80', false],
      ['pod/x/b', 'pod/x/a:80', false],
      ['pod/x/c', 'pod/x/a:80', false], // same node
      ['pod/x/a', 'pod/y/b:80', true], // egress is not isolated
      ['pod/y/a', 'pod/z/b:80', true], // other namespaces are untouched
    ],
  },
  {
    name: 'podSelector alone means the policy namespace',
    policies: [
      policy(
        'x',
        'allow-b',
        'podSelector: {matchLabels: {pod: a}}\ningress:\n- from: [{podSelector: {matchLabels: {pod: b}}}]',
      ),
    ],
    probes: [
      ['pod/x/b', 'pod/x/a:80', true],
      ['pod/x/c', 'pod/x/a:80', false],
      ['pod/y/b', 'pod/x/a:80', false],
      ['pod/y/b', 'pod/x/c:80', true], // x/c is not selected
    ],
  },
  {
    name: 'namespaceSelector, and the name label the API server sets',
    policies: [
      policy(
        'x',
        'from-y',
        'podSelector: {matchLabels: {pod: a}}\ningress:\n- from: [{namespaceSelector: {matchLabels: {ns: y}}}]',
      ),
      policy(
        'x',
        'from-z-by-name',
        'podSelector: {matchLabels: {pod: b}}\ningress:\n- from: [{namespaceSelector: {matchExpressions: [{key: kubernetes.io/metadata.name, operator: In, values: [z]}]}}]',
      ),
    ],
    probes: [
      ['pod/y/a', 'pod/x/a:80', true],
      ['pod/y/b', 'pod/x/a:81', true],
      ['pod/z/a', 'pod/x/a:80', false],
      ['pod/x/b', 'pod/x/a:80', false],
      ['pod/z/c', 'pod/x/b:80', true],
      ['pod/y/c', 'pod/x/b:80', false],
    ],
  },
  {
    name: 'namespaceSelector and podSelector in one peer AND, in two peers OR',
    policies: [
      policy(
        'x',
        'and',
        'podSelector: {matchLabels: {pod: a}}\ningress:\n- from: [{namespaceSelector: {matchLabels: {ns: y}}, podSelector: {matchLabels: {pod: b}}}]',
      ),
      policy(
        'x',
        'or',
        'podSelector: {matchLabels: {pod: c}}\ningress:\n- from: [{namespaceSelector: {matchLabels: {ns: y}}}, {podSelector: {matchLabels: {pod: b}}}]',
      ),
    ],
    probes: [
      ['pod/y/b', 'pod/x/a:80', true],
      ['pod/y/a', 'pod/x/a:80', false],
      ['pod/x/b', 'pod/x/a:80', false],
      ['pod/y/a', 'pod/x/c:80', true],
      ['pod/x/b', 'pod/x/c:80', true],
      ['pod/z/b', 'pod/x/c:80', false],
    ],
  },
  {
    name: 'ports: 81 only from y; a second policy adds 80 (policies add up)',
    policies: [
      policy(
        'x',
        'port-81',
        'podSelector: {matchLabels: {pod: a}}\ningress:\n- from: [{namespaceSelector: {matchLabels: {ns: y}}}]\n  ports: [{port: 81}]',
      ),
      policy(
        'x',
        'port-80',
        'podSelector: {matchLabels: {pod: a}}\ningress:\n- ports: [{port: 80}]',
      ),
    ],
    probes: [
      ['pod/y/a', 'pod/x/a:81', true],
      ['pod/z/a', 'pod/x/a:81', false],
      ['pod/z/a', 'pod/x/a:80', true],
      ['pod/z/a', 'pod/x/a:82', false],
    ],
  },
  {
    name: 'named port, and a UDP-only rule does not allow TCP',
    policies: [
      policy(
        'x',
        'named',
        'podSelector: {matchLabels: {pod: a}}\ningress:\n- ports: [{port: serve-81-tcp}]',
      ),
      policy(
        'x',
        'udp-only',
        'podSelector: {matchLabels: {pod: b}}\ningress:\n- ports: [{protocol: UDP, port: 80}]',
      ),
    ],
    probes: [
      ['pod/y/a', 'pod/x/a:81', true],
      ['pod/y/a', 'pod/x/a:80', false],
      ['pod/y/a', 'pod/x/b:80', true, 'udp'],
      ['pod/y/a', 'pod/x/b:80', false, 'tcp'],
    ],
  },
  {
    name: 'ipBlock with except',
    policies: [
      policy(
        'x',
        'cidr',
        'podSelector: {matchLabels: {pod: a}}\ningress:\n- from: [{ipBlock: {cidr: 10.244.0.0/16, except: [10.244.1.21/32]}}]',
      ),
    ],
    probes: [
      ['pod/y/a', 'pod/x/a:80', true],
      ['pod/y/b', 'pod/x/a:80', false],
      ['pod/z/a', 'pod/x/a:80', true],
    ],
  },
  {
    name: 'egress deny with DNS allowed; the source side decides even if the server allows',
    policies: [
      policy(
        'x',
        'egress-dns',
        'podSelector: {matchLabels: {pod: a}}\npolicyTypes: [Egress]\negress:\n- ports: [{protocol: UDP, port: 53}]',
      ),
    ],
    probes: [
      ['pod/x/a', 'pod/y/b:80', false],
      ['pod/x/a', 'pod/y/a:53', true, 'udp'],
      ['pod/x/a', 'pod/y/a:53', false, 'tcp'],
      ['pod/y/b', 'pod/x/a:80', true], // ingress of x/a stays open: replies pass
    ],
  },
  {
    name: 'egress to the /32 of a pod',
    policies: [
      policy(
        'y',
        'to-xa',
        'podSelector: {}\npolicyTypes: [Egress]\negress:\n- to: [{ipBlock: {cidr: 10.244.1.10/32}}]',
      ),
    ],
    probes: [
      ['pod/y/b', 'pod/x/a:80', true],
      ['pod/y/b', 'pod/x/b:80', false],
    ],
  },
  {
    name: 'a Service: the policy sees the endpoint and its targetPort, not the ClusterIP',
    policies: [
      policy(
        'x',
        'allow-80',
        'podSelector: {matchLabels: {pod: a}}\ningress:\n- ports: [{port: 80}]',
      ),
      policy(
        'y',
        'egress-to-service-port',
        'podSelector: {matchLabels: {pod: c}}\npolicyTypes: [Egress]\negress:\n- ports: [{port: 8080}]',
      ),
    ],
    probes: [
      ['pod/y/b', 'svc/x/web:8080', true],
      ['pod/y/c', 'svc/x/web:8080', false], // 8080 is the Service's port; after DNAT it is 80
    ],
  },
  {
    name: "a node reaches its own pods whatever the policy, other nodes' processes do not",
    policies: [DENY_X],
    probes: [
      ['node/node-1', 'pod/x/a:80', true],
      ['node/node-2', 'pod/x/a:80', false],
    ],
  },
  {
    name: 'NodePort: the client address survives only to a backend on the entry node',
    policies: [
      policy(
        'x',
        'from-client',
        'podSelector: {matchLabels: {pod: a}}\ningress:\n- from: [{ipBlock: {cidr: 203.0.113.9/32}}]',
      ),
    ],
    probes: [
      ['client/ext', 'node/node-1:30080', true], // backend on node-1: not yet masqueraded
      ['client/ext', 'node/node-2:30080', false], // SNAT to node-2 before it reaches node-1
      ['client/ext', 'node/node-1:30081', true], // externalTrafficPolicy Local keeps the client
    ],
  },
];

const CNIS = [
  { cni: 'calico', blocked: 'dropped' },
  { cni: 'kube-router', blocked: 'rejected' },
] as const;

describe.each(CNIS)(
  'NetworkPolicy conformance ($cni, journey on two nodes)',
  { timeout: 60_000 },
  ({ cni, blocked }) => {
    const BASE = base(cni);
    for (const c of CASES)
      it(c.name, () => {
        const cluster = [BASE, ...c.policies].join('');
        const got = c.probes.map(([from, to, , proto]) => {
          const r = journey(cluster, { from, to, proto: proto ?? 'tcp' });
          expect(r.flowDiagnostics).toEqual([]);
          const outcome = r.journey?.request.outcome;
          if (outcome !== 'delivered') expect(outcome, `${from} → ${to}`).toBe(blocked);
          return outcome === 'delivered';
        });
        const errors = journey(cluster, { from: 'pod/x/a', to: 'pod/x/b:80' }).diagnostics.filter(
          (d) => d.severity === 'error',
        );
        expect(errors).toEqual([]);
        expect(got).toEqual(c.probes.map((p) => p[2]));
      });

    it('says which policy blocked the packet, and which rule of which chain', () => {
      const r = journey([BASE, DENY_X].join(''), { from: 'pod/y/b', to: 'pod/x/a:80' });
      expect(r.journey?.request.policy).toMatchObject({
        policies: ['x/deny-ingress'],
        pod: 'x/a',
        direction: 'ingress',
      });
      expect(r.journey?.request.reason).toMatch(/^blocked by NetworkPolicy x\/deny-ingress/);
    });
  },
);
