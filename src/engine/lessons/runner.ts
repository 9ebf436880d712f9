/**
 * The lesson runner: a step's start state, the learner's attempt judged against the step's
 * check, "show me". Pure functions of plain data, so the worker and `lessons check` run the same
 * code and agree. A lesson's steps and its recap questions are one list: recap steps follow.
 */
import { answerValue, evaluateCheck, showValue, type MissReason } from './checks.ts';
import { Env } from './env.ts';
import type { LoadedLesson } from './loaded.ts';
import { findStep } from './pattern.ts';
import { resolveFocus } from './focus-refs.ts';
import { pickOptions } from './pick-options.ts';
import { chainName } from './refs.ts';
import { applyPatches } from './patch.ts';
import { askOptions } from './options.ts';
import { renderWith } from './text.ts';
import type { AnswerInput, Ask, Focus, Solution, Step, Text } from './types.ts';
import { emptyWorld, type World } from './world.ts';

/** Hints are offered after this many misses on a step. */
export const MISSES_BEFORE_HINTS = 2;

export interface AskView {
  kind: Ask['kind'];
  prompt: Text;
  /** choice options, or for nextChain the chains the current one can jump to */
  options: { id: string; label: string | Text }[];
  /** order: the items to put in order */
  items: { id: string; label: string | Text }[];
}

export interface StepView {
  index: number;
  id: string;
  /** steps and recap questions together */
  total: number;
  recap: boolean;
  challenge: boolean;
  text: Text;
  goal: Text | null;
  focus: Focus[];
  action: Step['action'];
  ask: AskView | null;
  hints: Text[];
  hasSolution: boolean;
}

export interface StepVerdict {
  pass: boolean;
  got: string | null;
  expected: string | null;
  /** why the check failed, in both languages (null when it passed) */
  reason: Text | null;
  /** the misconception behind the chosen wrong option, when the lesson names one */
  why: Text | null;
}

/** Steps, then the recap questions. */
export function allSteps(loaded: LoadedLesson): Step[] {
  return [...loaded.lesson.steps, ...(loaded.lesson.recap ?? [])];
}

function stepAt(loaded: LoadedLesson, index: number): Step {
  const step = allSteps(loaded)[index];
  if (!step) throw new RangeError(`lesson ${loaded.lesson.id} has no step ${index}`);
  return step;
}

/** The world as the scenario files give it. */
export function scenarioWorld(loaded: LoadedLesson): World {
  const s = loaded.lesson.scenario;
  const file = (name: string | undefined) =>
    name === undefined ? null : (loaded.files[name] ?? null);
  return { ...emptyWorld(), cluster: file(s.cluster), rules: file(s.rules), host: file(s.host) };
}

/** The lasting effects of a solution (edits, sent packets, toggles); answers and cursor do not carry over. */
function carry(loaded: LoadedLesson, world: World, solution: Solution | undefined): World {
  if (!solution) return world;
  return { ...applySolutionTo(loaded, world, solution), answer: null, cursor: null };
}

/** A step's start state: the scenario, plus every earlier step's solution, plus its own setup. */
export function startWorld(loaded: LoadedLesson, index: number): World {
  const steps = allSteps(loaded);
  let world = scenarioWorld(loaded);
  for (let i = 0; i < index && i < steps.length; i++) {
    world = carry(loaded, world, steps[i]!.setup);
    world = carry(loaded, world, steps[i]!.solution);
  }
  const setup = steps[index]?.setup;
  return setup ? applySolutionTo(loaded, world, setup) : world;
}

function envFor(loaded: LoadedLesson, step: Step, world: World): Env {
  return new Env(loaded, world, step.variant);
}

/** What the UI shows for a step in the given world (text with the world's names filled in). */
export function stepView(loaded: LoadedLesson, index: number, world: World): StepView {
  const step = stepAt(loaded, index);
  const env = envFor(loaded, step, world);
  const ask = typeof step.action === 'object' && 'ask' in step.action ? step.action.ask : null;
  const focus = resolveFocus(env, step.focus ?? []);
  return {
    index,
    id: step.id,
    total: allSteps(loaded).length,
    recap: index >= loaded.lesson.steps.length,
    challenge: step.challenge === true,
    text: renderWith(env, step.text),
    goal: step.goal ? renderWith(env, step.goal) : null,
    focus,
    action: step.action,
    ask: ask
      ? {
          kind: ask.kind,
          prompt: renderWith(env, ask.prompt),
          options: ask.kind === 'pick' ? pickOptions(env, focus) : askOptions(env, ask),
          items: ask.kind === 'order' ? ask.items : [],
        }
      : null,
    hints: (step.hints ?? []).map((h) => renderWith(env, h)),
    hasSolution: step.solution !== undefined,
  };
}

/** Opens a step: its start world and what to show. */
export function startStep(loaded: LoadedLesson, index: number): { world: World; view: StepView } {
  const world = startWorld(loaded, index);
  return { world, view: stepView(loaded, index, world) };
}

const REASONS: Record<MissReason['code'], (r: MissReason) => Text> = {
  'not-sent': (r) => ({
    en: `Send \`${(r as { packet: string }).packet}\` first.`,
    ko: `먼저 \`${(r as { packet: string }).packet}\`을 보내 보세요.`,
  }),
  'no-answer': () => ({ en: 'Choose an answer first.', ko: '먼저 답을 골라 보세요.' }),
  'no-cursor': () => ({
    en: 'Step the trace player to the point asked for.',
    ko: '추적 플레이어를 물어본 지점까지 넘겨 보세요.',
  }),
  'not-sampled': (r) => ({
    en: `Sample \`${(r as { packet: string }).packet}\` first.`,
    ko: `먼저 \`${(r as { packet: string }).packet}\`을 샘플링해 보세요.`,
  }),
  problem: (r) => ({
    en: `The engine could not answer: ${(r as { message: string }).message}`,
    ko: `엔진이 답을 내지 못했어요: ${(r as { message: string }).message}`,
  }),
  mismatch: () => ({
    en: 'Not yet: compare what you got with what is expected.',
    ko: '아직이에요. 나온 값과 기대한 값을 비교해 보세요.',
  }),
};

/** Judges the learner's world against the step's check. A `read` step always passes. */
export function evaluateStep(loaded: LoadedLesson, index: number, world: World): StepVerdict {
  const step = stepAt(loaded, index);
  if (!step.check) return { pass: true, got: null, expected: null, reason: null, why: null };
  const env = envFor(loaded, step, world);
  const o = evaluateCheck(env, step, step.check);
  if (o.pass) return { pass: true, got: o.got, expected: o.expected, reason: null, why: null };
  return {
    pass: false,
    got: o.got,
    expected: o.expected,
    reason: o.reason ? REASONS[o.reason.code](o.reason) : null,
    why: whyOf(step, world.answer, (name) => chainName(env, name)),
  };
}

function whyOf(
  step: Step,
  answer: AnswerInput | null,
  chain: (name: string) => string,
): Text | null {
  if (answer === null || typeof step.action !== 'object' || !('ask' in step.action)) return null;
  const ask = step.action.ask;
  if (ask.kind === 'choice' && 'option' in answer)
    return ask.options.find((o) => o.id === answer.option)?.why ?? null;
  // a why may be keyed by a ref (`svc`): the learner picks the chain's real name
  if (ask.kind === 'nextChain' && 'chain' in answer)
    return (
      Object.entries(ask.why ?? {}).find(([k]) => chain(k) === chain(answer.chain))?.[1] ?? null
    );
  return null;
}

/** "Show me": the world after the step's solution. */
export function applySolution(loaded: LoadedLesson, index: number, world: World): World {
  const step = stepAt(loaded, index);
  return step.solution ? applySolutionTo(loaded, world, step.solution) : world;
}

/** Applies a solution (or a known-wrong attempt) to a world. An edit that cannot apply leaves the text as it was. */
export function applySolutionTo(loaded: LoadedLesson, world: World, s: Solution): World {
  let next: World = { ...world, sent: [...world.sent] };
  if (s.patch) {
    if (next.cluster !== null) {
      const p = applyPatches(next.cluster, s.patch, 'cluster');
      if (typeof p === 'string') next.cluster = p;
    } else if (next.rules !== null) {
      const p = applyPatches(next.rules, s.patch, 'rules');
      if (typeof p === 'string') next.rules = p;
    }
  }
  if (s.paste !== undefined) next.rules = loaded.files[s.paste] ?? next.rules;
  if (s.backend) next.backend = s.backend;
  for (const p of s.send ?? []) if (!next.sent.includes(p)) next.sent.push(p);
  if (s.sample) next.sampled = { ...s.sample };
  if (s.answer) next.answer = s.answer;
  if (s.cursor) {
    if (!next.sent.includes(s.cursor.packet)) next.sent.push(s.cursor.packet);
    const t = new Env(loaded, next).trace(s.cursor.packet);
    const i = t.ok ? findStep(new Env(loaded, next), s.cursor.at, t.trace.steps) : -1;
    next = { ...next, cursor: { packet: s.cursor.packet, index: i } };
  }
  return next;
}

/** The value of an answer as the learner sees it (for "you answered …"). */
export function showAnswer(loaded: LoadedLesson, index: number, answer: AnswerInput): string {
  return showValue(answerValue(stepAt(loaded, index), answer));
}
