/**
 * Counter numbers as `iptables -L -v` shows them. Without -x, iptables rounds anything above
 * 99999 to thousands (K), then millions (M), giga (G) and tera (T), keeping at most four digits
 * before each suffix; with -x it prints the exact number.
 */

const SUFFIXES = ['K', 'M', 'G', 'T'] as const;

/** The rounded text (`100K`, `12T`) without padding, as iptables computes it. */
export function roundedCount(n: number): { digits: number; suffix: string } {
  if (n <= 99999) return { digits: n, suffix: '' };
  let v = n;
  for (let i = 0; i < SUFFIXES.length; i++) {
    v = Math.floor((v + 500) / 1000);
    if (v <= 9999 || i === SUFFIXES.length - 1) return { digits: v, suffix: SUFFIXES[i]! };
  }
  return { digits: v, suffix: 'T' };
}

/** A counter cell of a rule row: `%5llu ` / `%4lluK ` rounded, `%8llu ` exact. */
export function countCell(n: number, exact: boolean): string {
  if (exact) return `${String(n).padStart(8)} `;
  const r = roundedCount(n);
  return r.suffix
    ? `${String(r.digits).padStart(4)}${r.suffix} `
    : `${String(r.digits).padStart(5)} `;
}

/** A counter in a chain header (`123M packets`): the same rounding, no padding. */
export function countInline(n: number, exact: boolean): string {
  if (exact) return String(n);
  const r = roundedCount(n);
  return `${r.digits}${r.suffix}`;
}

const SCALE: Readonly<Record<string, number>> = { '': 1, K: 1e3, M: 1e6, G: 1e9, T: 1e12 };

/** Reads `1234`, `100K`, `5M` back; `rounded` tells that the figure lost precision. */
export function parseCount(text: string): { value: number; rounded: boolean } | undefined {
  const m = /^([0-9]+)([KMGT]?)$/.exec(text);
  if (!m) return undefined;
  const suffix = m[2] ?? '';
  return { value: Number(m[1]) * SCALE[suffix]!, rounded: suffix !== '' };
}
