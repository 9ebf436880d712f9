/**
 * "Did you mean …?" for a key that is not known: the known key nearest in spelling, compared
 * without regard to case (so `targetport` finds `targetPort`), with a swap of two neighbouring
 * letters counted as one edit (`tragetPort`).
 */

/** Edits (insert, delete, change, swap of neighbours) between two strings, or more than `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // three rows of the optimal-string-alignment table: two back (for swaps), previous, current
  let before: number[] = [];
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row: number[] = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > limit) return limit + 1;
    before = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** How many edits a word of this length may be away from a key and still be taken for it. */
function allowedEdits(length: number): number {
  if (length <= 2) return 0;
  if (length <= 5) return 1;
  if (length <= 12) return 2;
  return 3;
}

/**
 * The known key `word` was most likely meant to be, or undefined when none is close. Ties go to
 * the key listed first. A short word must also start with the key's letter: `dport` is not a
 * misspelled `sport`, whose first letter is the whole difference.
 */
export function closestKey(word: string, known: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  const limit = allowedEdits(word.length);
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const key of known) {
    if (key === word) continue;
    if (word.length <= 5 && key[0]?.toLowerCase() !== lower[0]) continue;
    const d = editDistance(lower, key.toLowerCase(), Math.min(limit, bestDistance));
    if (d < bestDistance) {
      best = key;
      bestDistance = d;
      if (d === 0) break;
    }
  }
  return best;
}
