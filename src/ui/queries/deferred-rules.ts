/**
 * The shown rules, deferred: when a compile answers, the views first keep drawing the old rules
 * and render the new ones at low priority, in slices the browser can interrupt (a whole ruleset
 * arriving at once was one long task). The same ruleset keeps one object, so deferring it does
 * not start a second render on every render.
 */
import { useDeferredValue } from 'react';
import type { Ruleset } from '../../engine/rules/index.ts';
import { useShownRules, type ShownRules } from './scenario.ts';

const stable = new WeakMap<Ruleset, ShownRules>();

function same(a: ShownRules, b: ShownRules): boolean {
  return a.provenance === b.provenance && JSON.stringify(a.source) === JSON.stringify(b.source);
}

export function useDeferredShownRules(): ShownRules | null {
  const live = useShownRules();
  let shown = live;
  if (live) {
    const known = stable.get(live.ruleset);
    if (known && same(known, live)) shown = known;
    else stable.set(live.ruleset, live);
  }
  return useDeferredValue(shown);
}
