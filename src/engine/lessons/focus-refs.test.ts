import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLesson } from './read.ts';
import { allSteps, startStep } from './runner.ts';

function lesson(dir: string) {
  const root = join(__dirname, '../../../lessons', dir);
  const files: Record<string, string> = {};
  for (const f of readdirSync(root)) files[f] = readFileSync(join(root, f), 'utf8');
  const { loaded } = readLesson({ dir, files });
  if (!loaded) throw new Error(`${dir} does not load`);
  return loaded;
}

describe('a focus named by a ref', () => {
  it('reaches the view as the chain the scenario gives it', () => {
    const l = lesson('05-load-balancing');
    const at = (id: string) =>
      startStep(
        l,
        allSteps(l).findIndex((s) => s.id === id),
      ).view.focus;
    expect(at('open-svc')).toEqual([{ chain: expect.stringMatching(/^KUBE-SVC-[A-Z2-7]{16}$/) }]);
    expect(at('second-share')).toEqual([
      { rule: { chain: expect.stringMatching(/^KUBE-SVC-[A-Z2-7]{16}$/), index: 3 } },
    ]);
    // fixed names and other kinds of focus pass through
    expect(at('sample')).toEqual([{ pane: 'probabilities' }]);
  });
});
