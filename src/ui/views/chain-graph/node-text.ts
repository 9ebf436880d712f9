/** The second line of a chain's node ("policy ACCEPT · 3 rules · +12 more"), shared by layout and drawing. */
import type { ChainNode } from './graph-model.ts';
import type { GraphStrings } from './strings.ts';

export function nodeSubtitle(n: ChainNode, t: GraphStrings): string {
  return [
    n.builtin && n.policy ? t.policy(n.policy) : null,
    t.rules(n.rules),
    n.hidden ? t.hidden(n.hidden) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
