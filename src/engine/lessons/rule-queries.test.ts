import { describe, expect, it } from 'vitest';
import { Env } from './env.ts';
import type { LoadedLesson } from './loaded.ts';
import { evaluateRuleQuery, NOT_DROPPED } from './rule-queries.ts';
import type { Lesson } from './types.ts';
import { emptyWorld } from './world.ts';

const CLUSTER = `apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
clusterCIDR: 10.244.0.0/16
---
apiVersion: v1
kind: Node
metadata: { name: node-1 }
spec: { podCIDR: 10.244.1.0/24 }
status: { addresses: [{ type: InternalIP, address: 192.168.0.2 }] }
---
apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  replicas: 3
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec: { containers: [{ name: web, image: nginx, ports: [{ containerPort: 8080 }] }] }
---
apiVersion: v1
kind: Service
metadata: { name: web }
spec:
  type: LoadBalancer
  selector: { app: web }
  clusterIP: 10.96.0.10
  ports: [{ name: http, port: 80, targetPort: 8080, nodePort: 30080 }]
  loadBalancerSourceRanges: [198.51.100.0/24]
status: { loadBalancer: { ingress: [{ ip: 203.0.113.100 }] } }
`;

const lesson: Lesson = {
  id: 'rule-queries',
  version: 1,
  title: { en: 't', ko: 't' },
  goal: { en: 'g', ko: 'g' },
  scenario: {
    cluster: 'cluster.yaml',
    node: 'node-1',
    packets: {
      in: { from: { address: '198.51.100.9' }, to: { address: '203.0.113.100' }, dport: 80 },
      out: { from: { address: '203.0.113.7' }, to: { address: '203.0.113.100' }, dport: 80 },
    },
  },
  refs: {
    fw: { chainOf: { service: 'web', port: 'http', kind: 'FW' } },
    ext: { chainOf: { service: 'web', port: 'http', kind: 'EXT' } },
  },
  steps: [],
};

function env(): Env {
  const loaded: LoadedLesson = {
    dir: 'x',
    lesson,
    files: { 'cluster.yaml': CLUSTER },
    positions: {},
  };
  return new Env(loaded, { ...emptyWorld(), cluster: CLUSTER });
}

const replicas = (n: number) => ({
  patch: [{ doc: { kind: 'Deployment', name: 'web' }, path: 'spec.replicas', value: n }],
});

describe('rule queries', () => {
  it('gives a load-balancing rule the probability the kernel keeps, and the last rule 1', () => {
    const e = env();
    expect(evaluateRuleQuery(e, { probability: { service: 'web', endpoint: 1 } })).toEqual({
      ok: true,
      value: 715827883 / 2 ** 31,
    });
    expect(evaluateRuleQuery(e, { probability: { service: 'web', endpoint: 2 } })).toEqual({
      ok: true,
      value: 0.5,
    });
    expect(evaluateRuleQuery(e, { probability: { service: 'web', endpoint: 3 } })).toEqual({
      ok: true,
      value: 1,
    });
  });

  it('reads a variant without touching the world', () => {
    const e = env();
    const second = evaluateRuleQuery(e, {
      probability: { service: 'web', endpoint: 2, in: replicas(5) },
    });
    expect(second.ok && second.value).toBeCloseTo(0.25, 9);
    expect(evaluateRuleQuery(e, { probability: { service: 'web', endpoint: 4 } }).ok).toBe(false);
  });

  it('counts the rules of a chain named by a ref that go to a target', () => {
    const e = env();
    expect(evaluateRuleQuery(e, { ruleCount: { chain: 'fw', target: 'ext' } })).toEqual({
      ok: true,
      value: 1,
    });
    const two = {
      patch: [
        {
          doc: { kind: 'Service', name: 'web' },
          path: 'spec.loadBalancerSourceRanges',
          value: ['198.51.100.0/24', '192.0.2.0/24'],
        },
      ],
    };
    expect(evaluateRuleQuery(e, { ruleCount: { chain: 'fw', target: 'ext', in: two } })).toEqual({
      ok: true,
      value: 2,
    });
    expect(evaluateRuleQuery(e, { ruleCount: { chain: 'KUBE-NOPE' } }).ok).toBe(false);
  });

  it('names the chain whose rule dropped a packet', () => {
    const e = env();
    expect(evaluateRuleQuery(e, { droppedIn: { packet: 'out' } })).toEqual({
      ok: true,
      value: 'KUBE-PROXY-FIREWALL',
    });
    expect(evaluateRuleQuery(e, { droppedIn: { packet: 'in' } })).toEqual({
      ok: true,
      value: NOT_DROPPED,
    });
    expect(evaluateRuleQuery(e, { droppedIn: { packet: 'out', in: replicas(0) } })).toEqual({
      ok: true,
      value: 'KUBE-EXTERNAL-SERVICES',
    });
  });

  it('tells the layout from the chains', () => {
    expect(evaluateRuleQuery(env(), { layout: {} })).toEqual({ ok: true, value: 'v1.25+' });
    const dump = (text: string) => {
      const files = { 'lesson.yaml': '', 'node.save': text, 'host.yaml': '{}' };
      const l: Lesson = { ...lesson, scenario: { rules: 'node.save', host: 'host.yaml' } };
      return new Env(
        { dir: 'x', lesson: l, files, positions: {} },
        { ...emptyWorld(), rules: text, host: '{}' },
      );
    };
    const chains = (...names: string[]) =>
      `*nat\n${names.map((n) => `:${n} - [0:0]`).join('\n')}\nCOMMIT\n`;
    const old = chains('KUBE-SERVICES', 'KUBE-MARK-DROP', 'KUBE-XLB-2IRACUALRELARSND');
    expect(evaluateRuleQuery(dump(old), { layout: {} })).toEqual({ ok: true, value: 'v1.23-' });
    const mid = chains('KUBE-SERVICES', 'KUBE-EXT-5N7WIXIG6FFV5MSL');
    expect(evaluateRuleQuery(dump(mid), { layout: {} })).toEqual({ ok: true, value: 'v1.24' });
    expect(evaluateRuleQuery(dump(chains('DOCKER')), { layout: {} })).toEqual({
      ok: true,
      value: '(not kube-proxy)',
    });
  });
});
