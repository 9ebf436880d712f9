import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applySolution,
  evaluateStep,
  proveLesson,
  readLesson,
  startStep,
  startWorld,
  stepView,
  type LoadedLesson,
} from './index.ts';

const LESSONS = join(import.meta.dirname, '../../../lessons');

function load(dir: string, change?: (files: Record<string, string>) => void): LoadedLesson {
  const files: Record<string, string> = {};
  for (const f of readdirSync(join(LESSONS, dir)))
    files[f] = readFileSync(join(LESSONS, dir, f), 'utf8');
  change?.(files);
  const r = readLesson({ dir, files });
  if (!r.loaded)
    throw new Error(r.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`).join('\n'));
  return r.loaded;
}

function indexOf(l: LoadedLesson, id: string): number {
  return [...l.lesson.steps, ...(l.lesson.recap ?? [])].findIndex((s) => s.id === id);
}

describe('lesson runner on lesson 1', () => {
  const lesson = load('01-hooks-and-tables');

  it('judges an order question against the hooks of the engine trace', () => {
    const i = indexOf(lesson, 'hooks-forward');
    const { world } = startStep(lesson, i);
    expect(evaluateStep(lesson, i, world)).toMatchObject({
      pass: false,
      reason: { en: 'Choose an answer first.' },
    });
    const wrong = evaluateStep(lesson, i, {
      ...world,
      answer: { order: ['PREROUTING', 'INPUT', 'OUTPUT', 'POSTROUTING'] },
    });
    expect(wrong).toMatchObject({
      pass: false,
      got: 'PREROUTING → INPUT → OUTPUT → POSTROUTING',
      expected: 'PREROUTING → FORWARD → POSTROUTING',
    });
    expect(evaluateStep(lesson, i, applySolution(lesson, i, world)).pass).toBe(true);
  });

  it('gives the why of the wrong option chosen', () => {
    const i = indexOf(lesson, 'nat-in-input');
    const world = { ...startWorld(lesson, i), answer: { option: 'no' } };
    const v = evaluateStep(lesson, i, world);
    expect(v.pass).toBe(false);
    expect(v.why?.en).toMatch(/nat has INPUT and OUTPUT chains/);
  });

  it('needs the packet sent before a result check can pass', () => {
    const i = indexOf(lesson, 'send-local');
    const { world } = startStep(lesson, i);
    expect(evaluateStep(lesson, i, world).reason?.en).toBe('Send `in-local` first.');
    expect(evaluateStep(lesson, i, { ...world, sent: ['in-local'] }).pass).toBe(true);
  });

  it("starts a step from earlier steps' solutions: the backend toggle carries to the next step", () => {
    const i = indexOf(lesson, 'tables-input-legacy');
    expect(startWorld(lesson, i).backend).toBe('legacy');
    expect(startWorld(lesson, indexOf(lesson, 'toggle-legacy')).backend).toBeNull();
    // the same answer is right under nft, one step earlier, and wrong here
    const nft = indexOf(lesson, 'tables-input');
    const answer = { order: ['mangle', 'filter', 'nat', 'security'] };
    expect(evaluateStep(lesson, nft, { ...startWorld(lesson, nft), answer }).pass).toBe(true);
    expect(evaluateStep(lesson, i, { ...startWorld(lesson, i), answer }).pass).toBe(false);
  });

  it('shows the step with its question and counts recap steps', () => {
    const v = stepView(lesson, indexOf(lesson, 'recap-to-self'), startWorld(lesson, 0));
    expect(v).toMatchObject({ recap: true, challenge: true, total: 13, ask: { kind: 'order' } });
    expect(v.ask?.items.map((x) => x.id)).toEqual([
      'PREROUTING',
      'INPUT',
      'FORWARD',
      'OUTPUT',
      'POSTROUTING',
    ]);
  });

  it('is proved by the lessons check', () => {
    expect(proveLesson(lesson).failures).toEqual([]);
  });
});

describe('lesson runner on lesson 2', () => {
  const lesson = load('02-chains');

  it("offers the current chain's jump targets and the way out as 'which chain next?' options", () => {
    const first = stepView(lesson, indexOf(lesson, 'next-from-input'), startWorld(lesson, 0));
    expect(first.ask?.options.map((o) => o.id)).toEqual(['TCP-IN', '(policy)']);
    const second = stepView(lesson, indexOf(lesson, 'next-from-tcp-in'), startWorld(lesson, 0));
    expect(second.ask?.options.map((o) => o.id)).toEqual(['SSH', '(return)']);
  });

  it('judges the trace cursor: on the RETURN it fails and says where it is', () => {
    const i = indexOf(lesson, 'step-to-accept');
    const world = startWorld(lesson, i);
    expect(evaluateStep(lesson, i, world).reason?.en).toMatch(/Step the trace player/);
    const onReturn = evaluateStep(lesson, i, {
      ...world,
      sent: ['ssh-int'],
      cursor: { packet: 'ssh-int', index: 8 },
    });
    expect(onReturn.pass).toBe(false);
    expect(onReturn.expected).toBe('INPUT #2 (verdict)');
    expect(onReturn.got).toMatch(/\(return\)$|\(rule\)$/);
    expect(evaluateStep(lesson, i, applySolution(lesson, i, world)).pass).toBe(true);
  });

  it('judges a picked rule against the rule the trace names', () => {
    const i = indexOf(lesson, 'pick-return');
    const world = startWorld(lesson, i);
    const accept = { rule: { table: 'filter', chain: 'SSH', index: 2 } };
    expect(evaluateStep(lesson, i, { ...world, answer: accept })).toMatchObject({
      pass: false,
      got: 'filter/SSH/2',
      expected: 'filter/SSH/1',
    });
    expect(evaluateStep(lesson, i, applySolution(lesson, i, world)).pass).toBe(true);
  });

  it('plays an edit of the rules: after the goto, ssh-int is dropped', () => {
    const i = indexOf(lesson, 'goto-ssh-int');
    const world = startWorld(lesson, i);
    expect(world.rules).toContain('-A INPUT -p tcp -g TCP-IN');
    expect(evaluateStep(lesson, i, { ...world, answer: { option: 'drop' } }).pass).toBe(true);
    // the same question on the scenario as shipped has the other answer
    expect(
      evaluateStep(lesson, i, { ...startWorld(lesson, 0), answer: { option: 'accept' } }).pass,
    ).toBe(true);
  });

  it('is proved by the lessons check', () => {
    expect(proveLesson(lesson).failures).toEqual([]);
  });
});

describe('lessons check on a broken lesson', () => {
  it('fails a solution that is not the answer', () => {
    const broken = load('01-hooks-and-tables', (f) => {
      f['lesson.yaml'] = f['lesson.yaml']!.replace(
        'solution: { answer: { order: [PREROUTING, FORWARD, POSTROUTING] } }',
        'solution: { answer: { order: [PREROUTING, INPUT] } }',
      );
    });
    expect(proveLesson(broken).failures).toContainEqual({
      step: 'hooks-forward',
      message:
        'the check fails after the solution: got PREROUTING → INPUT, expected PREROUTING → FORWARD → POSTROUTING',
    });
  });

  it('fails a question where two options match the engine', () => {
    const broken = load('01-hooks-and-tables', (f) => {
      f['lesson.yaml'] = f['lesson.yaml']!.replace(
        /(POSTROUTING만 있어요',\s*\}\s*value: )false/,
        '$1true',
      );
    });
    expect(proveLesson(broken).failures).toContainEqual({
      step: 'nat-in-input',
      message: '2 options match the engine (yes, no); exactly one must',
    });
  });

  it('fails a wrong attempt that passes', () => {
    const broken = load('01-hooks-and-tables', (f) => {
      f['lesson.yaml'] = f['lesson.yaml']!.replace(
        '- { answer: { order: [PREROUTING, INPUT, OUTPUT, POSTROUTING] } }',
        '- { answer: { order: [PREROUTING, FORWARD, POSTROUTING] } }',
      );
    });
    expect(proveLesson(broken).failures).toContainEqual({
      step: 'hooks-forward',
      message: 'wrong attempt 1 passes the check',
    });
  });

  it('fails a wrong edit that does not apply, since it would prove nothing', () => {
    const broken = load('02-chains', (f) => {
      f['lesson.yaml'] = f['lesson.yaml']!.replace(
        "from: '-A TCP-IN -p tcp --dport 22 -j SSH'",
        "from: '-A TCP-IN -p tcp --dport 23 -j SSH'",
      );
    });
    expect(proveLesson(broken).failures).toContainEqual({
      step: 'goto',
      message:
        'wrong attempt 1 does not apply: no line "-A TCP-IN -p tcp --dport 23 -j SSH" to replace',
    });
  });

  it('reports a bad field at its line and column', () => {
    const files: Record<string, string> = {
      'lesson.yaml':
        'id: x\nversion: 1\ntitle: {en: a, ko: 가}\ngoal: {en: a, ko: 가}\nscenario: {rules: r}\nsteps:\n  - id: s\n    text: {en: a, ko: 가}\n    action: {sned: {packet: p}}\n',
    };
    const r = readLesson({ dir: 'x', files });
    expect(r.loaded).toBeNull();
    expect(r.diagnostics[0]).toMatchObject({
      line: 9,
      column: 14,
      message: expect.stringContaining('unknown field "sned"'),
    });
  });
});
