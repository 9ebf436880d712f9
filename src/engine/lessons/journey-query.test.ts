import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Env } from './env.ts';
import { readLesson } from './read.ts';
import { evaluateRuleQuery } from './rule-queries.ts';
import { scenarioWorld } from './runner.ts';
import type { Variant } from './types.ts';

function env(dir: string): Env {
  const root = join(__dirname, '../../../lessons', dir);
  const files: Record<string, string> = {};
  for (const f of readdirSync(root)) files[f] = readFileSync(join(root, f), 'utf8');
  const { loaded } = readLesson({ dir, files });
  if (!loaded) throw new Error(`${dir} does not load`);
  return new Env(loaded, scenarioWorld(loaded));
}

const seen = (e: Env, packet: string, variant?: Variant) =>
  evaluateRuleQuery(e, { seenSource: variant ? { packet, in: variant } : { packet } });

describe('the source a pod sees, from the journey', () => {
  it('is the entry node after a masquerade toward another node', () => {
    // lesson 7: NodePort on node-1, the pod on node-2
    expect(seen(env('07-nodeport'), 'ext')).toEqual({ ok: true, value: '192.168.0.2' });
  });

  it("is the bridge's address when the pod is on the entry node", () => {
    expect(seen(env('07-nodeport'), 'ext-2')).toEqual({ ok: true, value: '10.244.2.1' });
  });

  it("is the client's own with externalTrafficPolicy Local, and nothing where it is dropped", () => {
    const e = env('09-etp-local');
    expect(seen(e, 'ext-2')).toEqual({ ok: true, value: '203.0.113.7' });
    expect(seen(e, 'ext-1')).toEqual({ ok: true, value: '(not delivered)' });
    const cluster = {
      patch: [
        {
          doc: { kind: 'Service', name: 'web' },
          path: 'spec.externalTrafficPolicy',
          value: 'Cluster',
        },
      ],
    };
    expect(seen(e, 'ext-1', cluster)).toEqual({ ok: true, value: '192.168.0.2' });
  });

  it("is a pod's own address for ClusterIP traffic", () => {
    expect(seen(env('09-etp-local'), 'pod-svc')).toEqual({ ok: true, value: '10.244.1.10' });
  });
});
