/**
 * The cluster compiler's speed target (issue 4): compile one node's rules for 5,000 Services ×
 * 10 endpoints on 10 nodes in under 2 s.
 *
 * The cluster is written the way a student would write 50,000 endpoints: not as 50,000 Pods or
 * EndpointSlices but as 5,000 Deployments of 10 replicas (spread over the 10 nodes by the loader),
 * each with a Service selecting it. The mix: every 5th Service is a NodePort, every 3rd uses a
 * named targetPort, every 10th leaves out its clusterIP (so the loader allocates one), spread
 * over 10 namespaces. Deterministic: the same text every run.
 *
 * Figures are the median of RUNS timed runs after one warm-up, as wall time and as CPU time
 * (process.cpuUsage: user + system, so the garbage collector's helper threads count). The machine
 * may be shared: CPU time wanders less than wall time.
 *   node build/bench-compile.mjs [--runs N] [--services N] [--keep FILE]
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { compileModelNode, loadCluster } from '../../src/engine/cluster/index.ts';
import { saveSection, verdict } from './report.ts';

const args = process.argv.slice(2);
const option = (flag: string): string | undefined => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(option('--runs') ?? 3);
const SERVICES = Number(option('--services') ?? 5000);
const NODES = 10;
const REPLICAS = 10;
const TARGET_MS = 2000;

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

interface Timing {
  wall: number;
  cpu: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function measure<T>(fn: () => T): { value: T; t: Timing } {
  const c0 = cpuMs();
  const w0 = performance.now();
  const value = fn();
  return { value, t: { wall: performance.now() - w0, cpu: cpuMs() - c0 } };
}

export interface CompileBench {
  yamlBytes: number;
  pods: number;
  services: number;
  rules: number;
  errors: number;
  load: Timing;
  compile: Timing;
  total: Timing;
  text: string;
}

export function benchCompile(text: string, runs = RUNS): CompileBench {
  const load: Timing[] = [];
  const compile: Timing[] = [];
  const total: Timing[] = [];
  // only counts and the text are kept between runs: a previous run's model would stay live and
  // make the next run's garbage collections mark it again
  let last:
    { pods: number; services: number; rules: number; errors: number; text: string } | undefined;
  for (let i = 0; i <= runs; i++) {
    const l = measure(() => loadCluster(text));
    const c = measure(() => compileModelNode(l.value.model, 'node-0'));
    let rules = 0;
    for (const t of c.value.ruleset.tables) for (const ch of t.chains) rules += ch.rules.length;
    const errors = [...l.value.diagnostics, ...c.value.diagnostics].filter(
      (d) => d.severity === 'error',
    ).length;
    const { pods, services } = l.value.model;
    last = {
      pods: pods.length,
      services: services.length,
      rules,
      errors,
      text: c.value.rulesetText,
    };
    if (i === 0) continue; // the warm-up: the JIT has not compiled the hot code yet
    load.push(l.t);
    compile.push(c.t);
    total.push({ wall: l.t.wall + c.t.wall, cpu: l.t.cpu + c.t.cpu });
  }
  const med = (ts: Timing[]): Timing => ({
    wall: median(ts.map((t) => t.wall)),
    cpu: median(ts.map((t) => t.cpu)),
  });
  return {
    yamlBytes: text.length,
    pods: last?.pods ?? 0,
    services: last?.services ?? 0,
    rules: last?.rules ?? 0,
    errors: last?.errors ?? 0,
    load: med(load),
    compile: med(compile),
    total: med(total),
    text: last?.text ?? '',
  };
}

// run alone: node build/bench-compile.mjs
if (import.meta.url === `file://${process.argv[1]}`) {
  const yaml = generateCluster();
  const r = benchCompile(yaml);
  const keep = option('--keep');
  if (keep) writeFileSync(keep, r.text);
  const ms = (t: Timing) =>
    `${t.wall.toFixed(0).padStart(6)} ms wall ${t.cpu.toFixed(0).padStart(6)} ms CPU`;
  console.log(
    `cluster compiler: ${r.services.toLocaleString('en')} Services × ${REPLICAS} endpoints (Deployments), ` +
      `${r.pods.toLocaleString('en')} pods on ${NODES} nodes, ${(r.yamlBytes / 1e6).toFixed(1)} MB of YAML → ` +
      `${r.rules.toLocaleString('en')} rules on node-0 (median of ${RUNS}; load average ${loadavg()[0]?.toFixed(1)})`,
  );
  if (r.errors) console.log(`  ${r.errors} error diagnostics (expected none)`);
  console.log(`${'  load the YAML (loadCluster)'.padEnd(44)} ${ms(r.load)}`);
  console.log(`${'  compile node-0 (compileModelNode)'.padEnd(44)} ${ms(r.compile)}`);
  const ok = r.total.wall < TARGET_MS && r.errors === 0;
  console.log(`${'  total'.padEnd(44)} ${ms(r.total)}   target < 2 s  ${ok ? 'PASS' : 'FAIL'}`);
  const cell = (t: Timing) => `${t.wall.toFixed(0)} ms (cpu ${t.cpu.toFixed(0)} ms)`;
  saveSection(fileURLToPath(new URL('..', import.meta.url)), {
    id: 'compile',
    title: 'Cluster compiler',
    input:
      `${r.services.toLocaleString('en')} Services × ${REPLICAS} endpoints written as Deployments, ` +
      `${r.pods.toLocaleString('en')} pods on ${NODES} nodes, ${(r.yamlBytes / 1e6).toFixed(1)} MB of YAML → ` +
      `${r.rules.toLocaleString('en')} rules on node-0; median of ${RUNS} runs (\`scripts/bench/bench-compile.ts\`).`,
    rows: [
      { what: 'load the YAML (`loadCluster`)', measured: cell(r.load) },
      { what: 'compile node-0 (`compileModelNode`)', measured: cell(r.compile) },
      {
        what: 'total',
        measured: cell(r.total),
        target: '< 2 s wall, no error',
        verdict: verdict(ok, r.errors ? `${r.errors} error diagnostics` : ''),
      },
    ],
  });
}
