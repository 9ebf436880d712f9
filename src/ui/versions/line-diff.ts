/**
 * Two texts line by line, as rows of a side-by-side view: lines both have (`same`), lines only
 * the left has (`left`), only the right (`right`). The common start and end are taken first; the
 * rest is aligned by a longest common subsequence while it is small, and by membership beyond
 * (each line kept or not by whether the other side has it), which keeps a big node's rules fast.
 */
export type DiffRow =
  { kind: 'same'; text: string } | { kind: 'left'; text: string } | { kind: 'right'; text: string };

/** Above this many cells the middle is aligned by membership, not by a full table. */
const TABLE_LIMIT = 4_000_000;

export function lineDiff(leftText: string, rightText: string): DiffRow[] {
  const a = leftText.split('\n');
  const b = rightText.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const rows: DiffRow[] = a.slice(0, start).map((text) => ({ kind: 'same', text }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  rows.push(
    ...(midA.length * midB.length <= TABLE_LIMIT
      ? alignByTable(midA, midB)
      : alignBySets(midA, midB)),
  );
  for (const text of a.slice(endA)) rows.push({ kind: 'same', text });
  return rows;
}

function alignByTable(a: string[], b: string[]): DiffRow[] {
  const m = b.length + 1;
  // lengths of the common subsequence of a[i..] and b[j..]
  const len = new Uint32Array((a.length + 1) * m);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      len[i * m + j] =
        a[i] === b[j]
          ? len[(i + 1) * m + j + 1]! + 1
          : Math.max(len[(i + 1) * m + j]!, len[i * m + j + 1]!);
  const rows: DiffRow[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      rows.push({ kind: 'same', text: a[i]! });
      i++;
      j++;
    } else if (len[(i + 1) * m + j]! >= len[i * m + j + 1]!)
      rows.push({ kind: 'left', text: a[i++]! });
    else rows.push({ kind: 'right', text: b[j++]! });
  }
  while (i < a.length) rows.push({ kind: 'left', text: a[i++]! });
  while (j < b.length) rows.push({ kind: 'right', text: b[j++]! });
  return rows;
}

function alignBySets(a: string[], b: string[]): DiffRow[] {
  const inA = new Set(a);
  const inB = new Set(b);
  const rows: DiffRow[] = [];
  let j = 0;
  for (const text of a) {
    if (!inB.has(text)) {
      rows.push({ kind: 'left', text });
      continue;
    }
    while (j < b.length && b[j] !== text) {
      if (!inA.has(b[j]!)) rows.push({ kind: 'right', text: b[j]! });
      j++;
    }
    rows.push({ kind: 'same', text });
    j++;
  }
  for (; j < b.length; j++) if (!inA.has(b[j]!)) rows.push({ kind: 'right', text: b[j]! });
  return rows;
}

/** The rows to show: every changed row with `context` same rows around it; runs between fold. */
export type ShownRow = DiffRow | { kind: 'fold'; count: number };

export function withContext(rows: DiffRow[], context: number): ShownRow[] {
  const keep = rows.map((r) => r.kind !== 'same');
  const near = keep.map((_, i) => {
    for (let k = Math.max(0, i - context); k <= Math.min(rows.length - 1, i + context); k++)
      if (keep[k]) return true;
    return false;
  });
  const out: ShownRow[] = [];
  let folded = 0;
  rows.forEach((r, i) => {
    if (near[i]) {
      if (folded) out.push({ kind: 'fold', count: folded });
      folded = 0;
      out.push(r);
    } else folded++;
  });
  if (folded) out.push({ kind: 'fold', count: folded });
  return out;
}
