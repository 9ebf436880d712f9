import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateStep, readLesson, startStep, stepView, type LoadedLesson } from './index.ts';
import { pickedRule } from './pick-options.ts';

const DIR = join(import.meta.dirname, '../../../lessons/02-chains');

function chainsLesson(): LoadedLesson {
  const files: Record<string, string> = {};
  for (const f of readdirSync(DIR)) files[f] = readFileSync(join(DIR, f), 'utf8');
  const r = readLesson({ dir: '02-chains', files });
  if (!r.loaded) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return r.loaded;
}

describe('a "click the rule" question', () => {
  const lesson = chainsLesson();
  const index = lesson.lesson.steps.findIndex((s) => s.id === 'pick-return');
  const { world } = startStep(lesson, index);
  const view = stepView(lesson, index, world);

  it('offers every rule of the focused chain, as written, numbered as iptables numbers them', () => {
    expect(view.ask?.kind).toBe('pick');
    expect(view.ask?.options.map((o) => o.id)).toEqual(['filter/SSH/1', 'filter/SSH/2']);
    expect(view.ask?.options[0]?.label).toContain('-j RETURN');
  });

  it('is judged by the engine: only the RETURN rule passes', () => {
    const verdicts = (view.ask?.options ?? []).map((o) => {
      const rule = pickedRule(o.id)!;
      return evaluateStep(lesson, index, { ...world, answer: { rule } }).pass;
    });
    expect(verdicts).toEqual([true, false]);
  });

  it('reads an option id back into its rule, and refuses what is not one', () => {
    expect(pickedRule('filter/KUBE-SVC-X/3')).toEqual({
      table: 'filter',
      chain: 'KUBE-SVC-X',
      index: 3,
    });
    expect(pickedRule('filter/SSH/0')).toBeNull();
    expect(pickedRule('filter')).toBeNull();
  });
});
