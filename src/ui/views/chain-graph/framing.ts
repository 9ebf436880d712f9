/** Which chains a view of the graph frames: on a table's first view, and after a search or a fold. */
import { familyOf, foldId } from './fold-model.ts';
import type { ChainNode } from './graph-model.ts';

/** A found chain, or a family the user opened or folded back. */
export type Focus = { chain: string } | { family: string };

/**
 * The whole traced path around the chain the player is at; untraced, the whole graph from its
 * left edge, level with the first built-in chain.
 */
export function firstFrame(
  nodes: readonly ChainNode[],
  current: string | null,
  path: readonly string[],
): string[] {
  const drawn = nodes.map((n) => n.id);
  const onPath = path.filter((c) => drawn.includes(c));
  if (onPath.length)
    return [...(current !== null && drawn.includes(current) ? [current] : []), ...onPath];
  return [...nodes.filter((n) => n.builtin).map((n) => n.id), ...drawn];
}

/** The drawn nodes a focus frames: the found chain, or a family's fold node and members. */
export function focusedIds(nodes: readonly ChainNode[], f: Focus): string[] {
  const drawn = nodes.map((n) => n.id);
  return 'chain' in f
    ? drawn.filter((id) => id === f.chain)
    : drawn.filter((id) => id === foldId(f.family) || familyOf(id) === f.family);
}
