// The first cycle in a graph of imports, shared by src/engine/import-cycles.test.ts and
// scripts/code-facts.mjs so that both judge a cycle the same way.

/**
 * Depth-first search for a cycle: the nodes of the first one met, its first node repeated at the
 * end (`a → b → c → a`), or null when the graph has none.
 * @param {ReadonlyMap<string, readonly string[]>} graph
 * @returns {string[] | null}
 */
export function findCycle(graph) {
  /** @type {Map<string, 'open' | 'done'>} */
  const state = new Map();
  /** @type {string[]} */
  const path = [];
  /** @param {string} node @returns {string[] | null} */
  const visit = (node) => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}
