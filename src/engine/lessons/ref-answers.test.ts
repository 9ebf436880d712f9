/**
 * A "which chain next?" answer and its misconception may name a hashed chain by a ref: the
 * solution of lesson 4 writes `svc`, lesson 7 keys a why by `svc`, and the learner clicks the
 * real KUBE-SVC-… name. Both forms are the same chain.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Env } from './env.ts';
import { readLesson } from './read.ts';
import { resolveRef } from './refs.ts';
import { allSteps, evaluateStep, startWorld } from './runner.ts';

function lesson(dir: string) {
  const root = join(__dirname, '../../../lessons', dir);
  const files: Record<string, string> = {};
  for (const f of readdirSync(root)) files[f] = readFileSync(join(root, f), 'utf8');
  const { loaded } = readLesson({ dir, files });
  if (!loaded) throw new Error(`${dir} does not load`);
  return loaded;
}

function stepIndex(loaded: ReturnType<typeof lesson>, id: string): number {
  return allSteps(loaded).findIndex((s) => s.id === id);
}

describe('chains named by refs in answers', () => {
  it('accepts the ref and the real name for the same chain', () => {
    const l = lesson('04-clusterip');
    const i = stepIndex(l, 'services');
    const world = startWorld(l, i);
    const real = resolveRef(new Env(l, world), l.lesson.refs!['svc']!)!;
    expect(real).toMatch(/^KUBE-SVC-[A-Z2-7]{16}$/);
    expect(evaluateStep(l, i, { ...world, answer: { chain: 'svc' } }).pass).toBe(true);
    expect(evaluateStep(l, i, { ...world, answer: { chain: real } }).pass).toBe(true);
    expect(evaluateStep(l, i, { ...world, answer: { chain: 'KUBE-NODEPORTS' } }).pass).toBe(false);
  });

  it('finds a why keyed by a ref when the learner picks the real name', () => {
    const l = lesson('07-nodeport');
    const i = stepIndex(l, 'dispatcher');
    const world = startWorld(l, i);
    const real = resolveRef(new Env(l, world), l.lesson.refs!['svc']!)!;
    const v = evaluateStep(l, i, { ...world, answer: { chain: real } });
    expect(v.pass).toBe(false);
    expect(v.why?.en).toMatch(/ClusterIP and port 80/);
    expect(evaluateStep(l, i, { ...world, answer: { chain: '(return)' } }).why?.en).toMatch(
      /dst-type LOCAL/,
    );
  });
});
