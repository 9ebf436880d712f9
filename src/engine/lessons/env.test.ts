import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Env } from './env.ts';
import type { LoadedLesson } from './loaded.ts';
import { scenarioWorld } from './runner.ts';
import type { Lesson } from './types.ts';

const CLUSTER = readFileSync(
  join(import.meta.dirname, '../../../lessons/07-nodeport/cluster.yaml'),
  'utf8',
);

const CALICO = readFileSync(
  join(import.meta.dirname, '../../../lessons/11-netpol-calico/cluster.yaml'),
  'utf8',
);

function lessonWith(packets: Lesson['scenario']['packets'], cluster = CLUSTER): LoadedLesson {
  const lesson: Lesson = {
    id: 't',
    version: 1,
    title: { en: 't', ko: 't' },
    goal: { en: 't', ko: 't' },
    scenario: { cluster: 'cluster.yaml', node: 'node-1', packets: packets ?? {} },
    steps: [],
  };
  return { dir: 't', lesson, files: { 'cluster.yaml': cluster }, positions: {} };
}

describe('the lesson environment', () => {
  it("traces a host process's packet on the node it is sent from", () => {
    const loaded = lessonWith({
      on1: { from: { node: 'node-1' }, to: { service: 'web', port: 'http' } },
      on2: { from: { node: 'node-2' }, to: { service: 'web', port: 'http' } },
    });
    const env = new Env(loaded, scenarioWorld(loaded));
    expect(env.nodeOf('on2')).toBe('node-2');
    const t1 = env.trace('on1');
    const t2 = env.trace('on2');
    if (!t1.ok || !t2.ok) throw new Error('not traced');
    // the pod runs on node-2: from node-2 the DNATed packet is delivered over cni0, from node-1
    // it leaves by eth0 toward node-2
    expect(t2.trace.result.outInterface).toBe('cni0');
    expect(t1.trace.result.outInterface).toBe('eth0');
  });

  it('names a pod on another node than the one traced as a problem', () => {
    const loaded = lessonWith({
      p: { from: { pod: 'web-0' }, to: { address: '10.96.0.10' }, dport: 80 },
    });
    const t = new Env(loaded, scenarioWorld(loaded)).trace('p');
    expect(t).toEqual({
      ok: false,
      problem: 'packet p: pod web-0 runs on node-2, not on the node traced',
    });
  });

  it('compiles a cluster text once for the many worlds of one lesson', () => {
    const loaded = lessonWith({});
    const a = new Env(loaded, scenarioWorld(loaded)).rulesOn();
    const b = new Env(loaded, { ...scenarioWorld(loaded), sent: ['x'] }).rulesOn();
    expect(a).not.toBeNull();
    expect(b?.ruleset).toBe(a?.ruleset);
    const edited = { ...scenarioWorld(loaded), cluster: `${CLUSTER}\n# an edit\n` };
    expect(new Env(loaded, edited).rulesOn()?.ruleset).not.toBe(a?.ruleset);
  });

  it("with Calico, sends a pod's packet in by its cali interface and holds the policy sets", () => {
    const loaded = lessonWith(
      { p: { from: { pod: 'frontend' }, to: { service: 'api', port: 'web' } } },
      CALICO,
    );
    const env = new Env(loaded, scenarioWorld(loaded));
    const on = env.rulesOn();
    expect(on?.host.ipsets.map((s) => s.name)).toContain('cali40s:1UBiHC8Xzjs6W4OA7XHSnfz');
    const t = env.trace('p');
    if (!t.ok) throw new Error(t.problem);
    // the policy rule tests frontend's address against the set: nothing is left unknown, and
    // frontend's own cali interface leads into its cali-fw chain
    expect(t.trace.result.dependsOn ?? []).toEqual([]);
    expect(t.trace.steps.some((s) => 'chain' in s && s.chain.startsWith('cali-fw-cali'))).toBe(
      true,
    );
  });
});
