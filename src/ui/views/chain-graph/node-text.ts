/** A node's two lines of text ("KUBE-SEP-* ×9,437", "policy ACCEPT · 3 rules"), shared by layout and drawing. */
import type { ChainNode } from './graph-model.ts';
import type { GraphStrings } from './strings.ts';

export function nodeName(n: ChainNode): string {
  return n.fold ? `${n.fold.family} ×${n.fold.count.toLocaleString('en')}` : n.id;
}

export function nodeSubtitle(n: ChainNode, t: GraphStrings): string {
  if (n.fold) return t.foldHint;
  return [n.builtin && n.policy ? t.policy(n.policy) : null, t.rules(n.rules)]
    .filter(Boolean)
    .join(' · ');
}
