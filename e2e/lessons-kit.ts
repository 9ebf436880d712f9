/**
 * What the lesson e2e tests need: the lessons read from disk by the engine's own reader, each
 * step's start world and the world its solution makes (so the test knows what to answer, which
 * packet to send, how far to step and what to type), and the UI moves that get there.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import {
  applySolution,
  readLesson,
  readLessonIndex,
  renderText,
  startWorld,
  type AnswerInput,
  type LoadedLesson,
  type World,
} from '../src/engine/lessons/index.ts';

const ROOT = join(import.meta.dirname, '..', 'lessons');

function folder(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(ROOT, dir, name);
    if (statSync(path).isFile()) files[name] = readFileSync(path, 'utf8');
  }
  return files;
}

/** The lessons of index.yaml, in order, as the engine reads them. */
export function shippedLessons(): LoadedLesson[] {
  const index = readLessonIndex(readFileSync(join(ROOT, 'index.yaml'), 'utf8')).index;
  const out: LoadedLesson[] = [];
  for (const dir of index?.lessons ?? []) {
    const read = readLesson({ dir, files: folder(dir) });
    if (read.loaded) out.push(read.loaded);
  }
  return out;
}

export function stepCount(loaded: LoadedLesson): number {
  return loaded.lesson.steps.length + (loaded.lesson.recap?.length ?? 0);
}

/** What a learner has to do on step `index` to reach its solution's world. */
export interface Moves {
  answer: AnswerInput | null;
  send: string[];
  cursor: number | null;
  text: { kind: 'cluster' | 'rules'; value: string } | null;
  backend: 'nft' | 'legacy' | null;
  sample: boolean;
}

export function movesOf(loaded: LoadedLesson, index: number): Moves {
  const start: World = startWorld(loaded, index);
  const end: World = applySolution(loaded, index, start);
  let text: Moves['text'] = null;
  if (end.cluster !== null && end.cluster !== start.cluster)
    text = { kind: 'cluster', value: end.cluster };
  else if (end.rules !== null && end.rules !== start.rules)
    text = { kind: 'rules', value: end.rules };
  let answer = end.answer;
  // "which chain next?" is answered with a ref name in the lesson; on screen it is the real chain
  if (answer && 'chain' in answer && loaded.lesson.refs?.[answer.chain]) {
    const ref = `{{${answer.chain}}}`;
    answer = { chain: renderText(loaded, { en: ref, ko: ref }, start).en };
  }
  return {
    answer,
    send: end.sent.filter((p) => !start.sent.includes(p)),
    cursor: end.cursor?.index ?? null,
    text,
    backend: end.backend !== start.backend ? end.backend : null,
    sample: end.sampled !== null && end.sampled !== start.sampled,
  };
}

/** Replaces the editor's whole text as a learner pasting would. */
export async function pasteIntoEditor(page: Page, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  // e2e files are type-checked without the DOM lib: the page's clipboard, named by its shape
  await page.evaluate(
    (t) =>
      (
        globalThis as unknown as {
          navigator: { clipboard: { writeText(s: string): Promise<void> } };
        }
      ).navigator.clipboard.writeText(t),
    text,
  );
  const editor = page.locator('.editor-pane .monaco-editor').first();
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

/** Builds an order question's answer by adding its chips in `order`. */
export async function arrange(page: Page, order: string[]): Promise<void> {
  for (const id of order) await page.getByTestId(`lesson-order-add-${id}`).click();
}

/** The rules view while it shows `table`'s `chain`. */
export function rulesOf(page: Page, table: string, chain: string) {
  return page.locator(`[data-testid="rule-table"][data-rules-of="${table}/${chain}"]`);
}

/** Answers the step's question in the UI. */
export async function giveAnswer(page: Page, answer: AnswerInput): Promise<void> {
  const soon = { timeout: 30_000 };
  if ('option' in answer) await page.getByTestId(`lesson-option-${answer.option}`).click(soon);
  else if ('chain' in answer) await page.getByTestId(`lesson-chain-${answer.chain}`).click(soon);
  else if ('number' in answer) {
    await page.getByTestId('lesson-number').fill(String(answer.number));
    await page.getByTestId('lesson-answer').click();
  } else if ('order' in answer) {
    await arrange(page, answer.order);
    await page.getByTestId('lesson-answer').click();
  } else {
    // the learner clicks the row in the rules view (the callout's list is the fallback)
    const { table, chain, index } = answer.rule;
    await rulesOf(page, table, chain).locator(`tr[data-rule="${index}"]`).click(soon);
  }
}
