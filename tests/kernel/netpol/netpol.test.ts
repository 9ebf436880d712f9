// NetworkPolicy against the kernel: a two-node cluster with a CNI's rules (networkPolicy: calico,
// then kube-router) is built in network namespaces, each node gets its compiled ipsets (`ipset
// restore`, from the compiled sets) and rules (iptables-nft-restore), every pod serves TCP on its
// container ports, and real connections must be delivered or fail exactly as the engine's journey
// says, for five policies: Calico drops (the client times out), kube-router rejects (the client is
// refused). Private addresses only; nothing outside the lab's namespaces is touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compileModelNode,
  ipsetRestoreText,
  journey,
  loadCluster,
} from '../../../src/engine/cluster/index.ts';
import { buildClusterLab, type ClusterLab } from '../cluster-topology.ts';
import { kernelEnvironment, kernelSuiteTitle } from '../environment.ts';

const env = kernelEnvironment();

const node = (name: string, ip: string, cidr: string) => `---
apiVersion: v1
kind: Node
metadata: {name: ${name}}
spec: {podCIDR: ${cidr}}
status: {addresses: [{type: InternalIP, address: ${ip}}]}
`;

const pod = (ns: string, name: string, labels: string, at: string, ip: string, port: number) => `---
apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: ${ns}, labels: {${labels}}}
spec:
  nodeName: ${at}
  containers: [{name: serve, image: agnhost, ports: [{name: serve, containerPort: ${port}}]}]
status: {podIP: ${ip}}
`;

const cluster = (cni: string) =>
  [
    `apiVersion: netfilter-lab/v1alpha1\nkind: Cluster\nnetworkPolicy: ${cni}\n`,
    node('node-1', '192.168.77.11', '10.244.1.0/24'),
    node('node-2', '192.168.77.12', '10.244.2.0/24'),
    '---\napiVersion: v1\nkind: Namespace\nmetadata: {name: y, labels: {team: y}}\n',
    pod('x', 'a', 'app: web', 'node-1', '10.244.1.10', 80),
    pod('x', 'b', 'role: client', 'node-2', '10.244.2.11', 80),
    pod('y', 'a', 'app: web', 'node-1', '10.244.1.20', 80),
    pod('y', 'b', 'app: web', 'node-2', '10.244.2.21', 80),
    pod('z', 'dns', 'app: dns', 'node-2', '10.244.2.30', 53),
  ].join('');

const policy = (ns: string, name: string, spec: string) => `---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: ${name}, namespace: ${ns}}
spec:
${spec.replace(/^/gm, '  ')}
`;

type Probe = [from: [string, string], to: string, port: number, delivered: boolean];

const CASES: { name: string; policy: string; probes: Probe[] }[] = [
  {
    name: 'default deny ingress',
    policy: policy('x', 'deny', 'podSelector: {}\npolicyTypes: [Ingress]'),
    probes: [
      [['y', 'a'], '10.244.1.10', 80, false],
      [['y', 'b'], '10.244.2.11', 80, false],
      [['x', 'a'], '10.244.2.21', 80, true],
    ],
  },
  {
    name: 'allow from a label',
    policy: policy(
      'x',
      'from-client',
      'podSelector: {matchLabels: {app: web}}\ningress:\n- from: [{podSelector: {matchLabels: {role: client}}}]',
    ),
    probes: [
      [['x', 'b'], '10.244.1.10', 80, true],
      [['y', 'b'], '10.244.1.10', 80, false],
    ],
  },
  {
    name: 'allow from a namespace',
    policy: policy(
      'x',
      'from-y',
      'podSelector: {matchLabels: {app: web}}\ningress:\n- from: [{namespaceSelector: {matchLabels: {team: y}}}]',
    ),
    probes: [
      [['y', 'b'], '10.244.1.10', 80, true],
      [['y', 'a'], '10.244.1.10', 80, true],
      [['x', 'b'], '10.244.1.10', 80, false],
    ],
  },
  {
    name: 'ipBlock with except',
    policy: policy(
      'x',
      'cidr',
      'podSelector: {matchLabels: {app: web}}\ningress:\n- from: [{ipBlock: {cidr: 10.244.0.0/16, except: [10.244.1.20/32]}}]',
    ),
    probes: [
      [['y', 'b'], '10.244.1.10', 80, true],
      [['y', 'a'], '10.244.1.10', 80, false],
    ],
  },
  {
    name: 'egress deny with DNS allowed',
    policy: policy(
      'x',
      'dns-only',
      'podSelector: {matchLabels: {app: web}}\npolicyTypes: [Egress]\negress:\n- ports: [{protocol: UDP, port: 53}, {protocol: TCP, port: 53}]',
    ),
    probes: [
      [['x', 'a'], '10.244.2.30', 53, true],
      [['x', 'a'], '10.244.2.21', 80, false],
      [['y', 'a'], '10.244.1.10', 80, true],
    ],
  },
];

const CNIS = [
  { cni: 'calico', name: 'Calico', refusal: 'timeout', engine: 'dropped' },
  { cni: 'kube-router', name: 'kube-router', refusal: 'refused', engine: 'rejected' },
] as const;

for (const { cni, name, refusal, engine: blocked } of CNIS)
  describe.skipIf(!env.ok)(kernelSuiteTitle(`NetworkPolicy with ${name}: real TCP`), () => {
    for (const c of CASES)
      describe(c.name, () => {
        const yaml = cluster(cni) + c.policy;
        const { model } = loadCluster(yaml);
        let lab: ClusterLab;
        beforeAll(async () => {
          lab = buildClusterLab(model);
          try {
            for (const n of model.nodes) {
              const compiled = compileModelNode(model, n.name);
              lab.loadIpsets(n.name, ipsetRestoreText(compiled.ipsets));
              lab.loadRules(n.name, compiled.rulesetText);
            }
            await lab.startServers();
          } catch (e) {
            lab.teardown();
            throw e;
          }
        });
        afterAll(() => lab?.teardown());

        it('every connection ends as the engine says', () => {
          const got = c.probes.map(([[ns, name], address, port]) => {
            const engine = journey(model, { from: `pod/${ns}/${name}`, to: `${address}:${port}` });
            expect(engine.flowDiagnostics).toEqual([]);
            const outcome = engine.journey?.request.outcome;
            const delivered = outcome === 'delivered';
            const [kernel] = lab.connect(lab.podNs(ns, name), address, port, 1, 2);
            expect(kernel?.ok, `${ns}/${name} → ${address}:${port}`).toBe(delivered);
            if (!delivered) {
              expect(outcome).toBe(blocked);
              expect(kernel).toEqual({ ok: false, error: refusal });
            }
            return delivered;
          });
          expect(got).toEqual(c.probes.map((p) => p[3]));
        });
      });
  });
