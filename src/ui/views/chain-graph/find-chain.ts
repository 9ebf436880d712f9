/** Chains whose name holds what the user typed, case aside: an exact name first, then names
 * that start with it, then the rest, each in table order. */
export interface ChainMatches {
  hits: string[];
  /** matches past the limit */
  more: number;
}

export function findChains(names: readonly string[], query: string, limit: number): ChainMatches {
  const q = query.trim().toLowerCase();
  if (!q) return { hits: [], more: 0 };
  const exact: string[] = [];
  const starts: string[] = [];
  const within: string[] = [];
  for (const name of names) {
    const n = name.toLowerCase();
    if (n === q) exact.push(name);
    else if (n.startsWith(q)) starts.push(name);
    else if (n.includes(q)) within.push(name);
  }
  const all = exact.length + starts.length + within.length;
  return { hits: [...exact, ...starts, ...within].slice(0, limit), more: Math.max(0, all - limit) };
}
