import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateCheck } from './checks.ts';
import { Env } from './env.ts';
import { readLesson, startWorld, type LoadedLesson } from './index.ts';
import type { Check } from './types.ts';
import type { World } from './world.ts';

const LESSONS = join(import.meta.dirname, '../../../lessons');

function load(dir: string): LoadedLesson {
  const files: Record<string, string> = {};
  for (const f of readdirSync(join(LESSONS, dir)))
    files[f] = readFileSync(join(LESSONS, dir, f), 'utf8');
  const r = readLesson({ dir, files });
  if (!r.loaded) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return r.loaded;
}

function judge(loaded: LoadedLesson, world: World, check: Check) {
  const step = loaded.lesson.steps[0]!;
  return evaluateCheck(new Env(loaded, world), step, check);
}

describe('checks over the engine', () => {
  const conntrack = load('03-conntrack');
  const chains = load('02-chains');

  it('reads the conntrack entry a packet ends with: status bits and the reply tuple', () => {
    const world = { ...startWorld(conntrack, 0), sent: ['ack'] };
    expect(
      judge(conntrack, world, {
        conntrack: { packet: 'ack', state: 'ESTABLISHED', status: ['DST_NAT'] },
      }).pass,
    ).toBe(true);
    expect(
      judge(conntrack, world, { conntrack: { packet: 'ack', status: ['SRC_NAT'] } }),
    ).toMatchObject({
      pass: false,
      expected: 'SRC_NAT',
    });
    const reply = judge(conntrack, world, {
      conntrack: { packet: 'ack', reply: 'src=192.168.1.10' },
    });
    expect(reply).toMatchObject({ pass: false, got: expect.stringContaining('src=10.244.1.5') });
  });

  it('counts the rules of a chain in the learner’s rules, and the ones to a target', () => {
    const world = startWorld(chains, 0);
    expect(judge(chains, world, { compiled: { chain: 'SSH', rules: 2 } }).pass).toBe(true);
    expect(
      judge(chains, world, {
        compiled: { chain: 'INPUT', table: 'filter', target: 'TCP-IN', rules: 1 },
      }).pass,
    ).toBe(true);
    expect(
      judge(chains, world, { compiled: { chain: 'SSH', target: 'RETURN', rules: 2 } }),
    ).toMatchObject({
      pass: false,
      got: '1 rules to RETURN',
      expected: '2 rules to RETURN',
    });
    expect(judge(chains, world, { compiled: { chain: 'HTTP' } })).toMatchObject({
      pass: false,
      got: 'absent',
    });
  });

  it('compares exact shares by endpoint', () => {
    const world = { ...startWorld(conntrack, 0), sent: ['syn'] };
    expect(
      judge(conntrack, world, { distribution: { packet: 'syn', equals: { '10.244.1.5:80': 1 } } })
        .pass,
    ).toBe(true);
    expect(
      judge(conntrack, world, {
        distribution: { packet: 'syn', equals: { '10.244.1.5:80': 0.5 } },
      }),
    ).toMatchObject({
      pass: false,
      got: '10.244.1.5:80 1',
      expected: '10.244.1.5:80 0.5',
    });
  });
});

describe('a sampling check', () => {
  const lb = load('05-load-balancing');
  const index = lb.lesson.steps.findIndex((s) => s.id === 'sample');
  const step = lb.lesson.steps[index]!;
  const judgeSample = (world: World, check: Check) =>
    evaluateCheck(new Env(lb, world), step, check);

  it('reads the engine’s sample: its counts, and how far each bar is from the exact share', () => {
    const start = startWorld(lb, index);
    const want = { sampled: { packet: 'req', n: 1000, near: 0.05 } } as const;
    expect(judgeSample(start, want)).toMatchObject({
      pass: false,
      reason: { code: 'not-sampled' },
    });
    const sampled = { ...start, sent: ['req'], sampled: { packet: 'req', n: 1000 } };
    const pass = judgeSample(sampled, want);
    expect(pass.pass).toBe(true);
    // three endpoints whose counts add up to the 1000 connections sent
    const counts = (pass.got ?? '').split(': ')[1]!.split(', ');
    expect(counts).toHaveLength(3);
    expect(counts.reduce((sum, c) => sum + Number(c.split(' ')[1]), 0)).toBe(1000);
    // the same seed gives the same counts: the app and lessons check see one histogram
    expect(judgeSample(sampled, want).got).toBe(pass.got);
    // no sample of 1000 lands on the exact thirds to a tenth of a point
    expect(
      judgeSample(sampled, { sampled: { packet: 'req', n: 1000, near: 0.001 } }),
    ).toMatchObject({ pass: false, got: expect.stringContaining('off by') });
    expect(judgeSample({ ...sampled, sampled: { packet: 'req', n: 100 } }, want).pass).toBe(false);
  });
});
