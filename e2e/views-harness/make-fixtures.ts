/**
 * Makes the views harness's data with the real engine: cluster YAML → node rules → a traced
 * packet, all-path outcomes and a sampled histogram. Run: npx tsx e2e/views-harness/make-fixtures.ts
 * Writes test-results/views-harness/fixtures.json, which the harness page fetches.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { compileNode, hosts } from '../../src/engine/cluster/index.ts';
import {
  readHost,
  readPackets,
  sampleOutcomes,
  simulate,
} from '../../src/engine/netfilter/index.ts';

const GOLDEN = new URL('../../src/engine/cluster/__golden__/', import.meta.url);

function scenario(name: string, yaml: string, node: string, packet: Record<string, unknown>) {
  const compiled = compileNode(yaml, node);
  const hostFile = hosts(yaml).hosts[node];
  if (!hostFile) throw new Error(`no host ${node}`);
  const host = readHost(hostFile).host;
  const { packets, diagnostics } = readPackets(packet);
  if (diagnostics.length) throw new Error(JSON.stringify(diagnostics));
  const sim = simulate(compiled.ruleset, host, packets, { allPaths: true });
  const samples = sampleOutcomes(compiled.ruleset, host, packets, { runs: 100, seed: 7 });
  const trace = sim.packets[0];
  if (!trace) throw new Error('no trace');
  return {
    name,
    node,
    backend: sim.backend,
    ruleset: compiled.ruleset,
    provenance: [...compiled.provenance].map(([ruleId, p]) => ({ ruleId, ...p })),
    steps: trace.steps,
    result: trace.result,
    outcomes: sim.outcomes ?? [],
    samples,
  };
}

const read = (f: string) => readFileSync(new URL(f, GOLDEN), 'utf8');

/** A cluster with many Services, so the chain graph shows its traced neighbourhood only. */
function bigCluster(services: number): string {
  const docs = [
    'apiVersion: v1\nkind: Node\nmetadata: {name: node-a}\nspec: {podCIDR: 10.244.0.0/24}\nstatus: {addresses: [{type: InternalIP, address: 192.168.1.10}]}',
  ];
  for (let i = 0; i < services; i++) {
    const ip = `10.96.${Math.floor(i / 200) + 1}.${(i % 200) + 10}`;
    docs.push(
      `apiVersion: v1\nkind: Pod\nmetadata: {name: p${i}, labels: {app: a${i}}}\nspec: {nodeName: node-a, containers: [{name: c, ports: [{containerPort: 8080}]}]}\nstatus: {podIP: 10.244.0.${(i % 250) + 2}}`,
      `apiVersion: v1\nkind: Service\nmetadata: {name: s${i}}\nspec: {selector: {app: a${i}}, clusterIP: ${ip}, ports: [{port: 80, targetPort: 8080}]}`,
    );
  }
  return docs.join('\n---\n');
}

const fixtures = {
  clusterip: scenario(
    'clusterip-4pods',
    read('clusterip-4pods.yaml'),
    'ip-10-32-11-62.ap-northeast-2.compute.internal',
    {
      in: 'veth86567624',
      proto: 'tcp',
      src: '10.42.0.44',
      sport: 40000,
      dst: '10.43.62.130',
      dport: 80,
      tcpFlags: 'SYN',
    },
  ),
  reject: scenario('no-endpoints', read('no-endpoints.yaml'), 'node-a', {
    in: 'eth0',
    proto: 'tcp',
    src: '192.168.1.50',
    sport: 40000,
    dst: '10.96.30.30',
    dport: 80,
    tcpFlags: 'SYN',
  }),
  nodeport: scenario('nodeport-30080', read('nodeport-30080.yaml'), 'node-a', {
    in: 'eth0',
    proto: 'tcp',
    src: '203.0.113.10',
    sport: 40000,
    dst: '10.32.11.62',
    dport: 30080,
    tcpFlags: 'SYN',
  }),
  big: scenario('300-services', bigCluster(300), 'node-a', {
    in: 'eth0',
    proto: 'tcp',
    src: '192.168.1.50',
    sport: 40000,
    dst: '10.96.1.20',
    dport: 80,
    tcpFlags: 'SYN',
  }),
};

// generated data stays out of the tree: test-results/ is ignored by git
const dir = new URL('../../test-results/views-harness/', import.meta.url);
mkdirSync(dir, { recursive: true });
const out = new URL('fixtures.json', dir);
writeFileSync(out, JSON.stringify(fixtures));
for (const [k, v] of Object.entries(fixtures))
  console.log(
    k,
    v.steps.length,
    'steps',
    v.result.verdict,
    v.result.fate,
    v.outcomes.length,
    'outcomes',
  );
