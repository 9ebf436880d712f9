/** What the Result box says when the outcome rests on something the simulator cannot evaluate. */
import type { Lang } from '../../i18n/index.ts';

export interface DependsOnStrings {
  /** the whole line, from the things the outcome depends on */
  unknown: (what: string) => string;
  /** one of them: an ipset by name, or a match module */
  set: (name: string) => string;
  module: (name: string) => string;
}

const en: DependsOnStrings = {
  unknown: (what) =>
    `unknown: depends on ${what}. The verdict above assumes it; load the node's ipset save text (Sets tab) to decide it.`,
  set: (name) => `set ${name}`,
  module: (name) => `the ${name} match`,
};

const ko: DependsOnStrings = {
  unknown: (what) =>
    `알 수 없음: ${what}에 따라 달라져요. 위 판정은 가정한 결과예요. 노드의 ipset save 텍스트를 ipset 탭에 넣으면 정해져요.`,
  set: (name) => `ipset ${name}`,
  module: (name) => `${name} 매치`,
};

export const dependsOnStrings: Record<Lang, DependsOnStrings> = { en, ko };

/** The things a trace's outcome depends on (`set NAME` or a module), in the learner's words. */
export function dependsOnText(dependsOn: readonly string[], lang: Lang): string {
  const t = dependsOnStrings[lang];
  const names = dependsOn.map((d) => (d.startsWith('set ') ? t.set(d.slice(4)) : t.module(d)));
  return t.unknown(names.join(', '));
}
