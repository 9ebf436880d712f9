/**
 * Near-misses of a rule's words: each makes one change of the kind a person (or an old tool)
 * makes, which iptables either still reads (a prefix, another case, a number in hex) or refuses.
 * Each returns undefined when the rule has nothing it can change.
 */
import type { Rand } from './rule-lines.ts';

type Mutation = (w: string[], r: Rand) => string[] | undefined;

const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r.next() * list.length)]!;
const isOption = (w: string): boolean => /^--?[a-zA-Z]/.test(w);
const isLong = (w: string): boolean => /^--[a-z]/.test(w);
const CORE = new Set(['-s', '-d', '-i', '-o', '-p', '-m', '-j', '-g', '-f']);

/** indexes of words for which `test(word, index)` holds */
function where(w: readonly string[], test: (word: string, i: number) => boolean): number[] {
  const out: number[] = [];
  w.forEach((word, i) => {
    if (test(word, i)) out.push(i);
  });
  return out;
}

/** indexes of the values: words after an option that are not options or `!` themselves */
const values = (w: readonly string[]): number[] =>
  where(w, (x, i) => i > 0 && isOption(w[i - 1]!) && !isOption(x) && x !== '!');

function change(
  w: string[],
  r: Rand,
  at: number[],
  f: (x: string) => string,
): string[] | undefined {
  if (at.length === 0) return undefined;
  const i = pick(r, at);
  const out = w.slice();
  out[i] = f(w[i]!);
  return out[i] === w[i] ? undefined : out;
}

export const NEAR_MISSES: Readonly<Record<string, Mutation>> = {
  'misspelt option': (w, r) =>
    change(w, r, where(w, isLong), (x) => {
      const k = 3 + Math.floor(r.next() * (x.length - 3));
      return r.next() < 0.5 ? x.slice(0, k) + x.slice(k + 1) : `${x.slice(0, k)}x${x.slice(k)}`;
    }),
  'option prefix': (w, r) =>
    change(
      w,
      r,
      where(w, (x) => isLong(x) && x.length > 5),
      (x) => x.slice(0, 3 + Math.floor(r.next() * (x.length - 3))),
    ),
  'value prefix': (w, r) =>
    change(
      w,
      r,
      values(w).filter((i) => /^[a-zA-Z-]{4,}$/.test(w[i]!)),
      (x) => x.slice(0, 2 + Math.floor(r.next() * (x.length - 2))),
    ),
  'value case': (w, r) =>
    change(
      w,
      r,
      values(w).filter((i) => /[a-zA-Z]/.test(w[i]!)),
      (x) => (x === x.toUpperCase() ? x.toLowerCase() : x.toUpperCase()),
    ),
  'option case': (w, r) => change(w, r, where(w, isLong), (x) => x.toUpperCase()),
  '! after the option': (w, r) => {
    const at = where(w, (x, i) => x === '!' && i + 2 < w.length && isOption(w[i + 1]!));
    if (at.length === 0) {
      const opts = where(w, (x, i) => isOption(x) && i + 1 < w.length && !isOption(w[i + 1]!));
      if (opts.length === 0) return undefined;
      const i = pick(r, opts);
      return [...w.slice(0, i + 1), '!', ...w.slice(i + 1)];
    }
    const i = pick(r, at);
    return [...w.slice(0, i), w[i + 1]!, '!', ...w.slice(i + 2)];
  },
  '! doubled or stray': (w, r) => {
    const i = Math.floor(r.next() * (w.length + 1));
    return r.next() < 0.3 ? [...w, '!'] : [...w.slice(0, i), '!', '!', ...w.slice(i)];
  },
  'number out of range': (w, r) =>
    change(
      w,
      r,
      values(w).filter((i) => /^[0-9]+([:/-][0-9]+)?$/.test(w[i]!)),
      () => pick(r, ['65536', '70000', '-1', '4294967296', '300', '99999999999', '1.5']),
    ),
  'protocol number': (w, r) => {
    const numbers: Record<string, string> = { tcp: '6', udp: '17', icmp: '1', sctp: '132' };
    return change(
      w,
      r,
      where(w, (x, i) => i > 0 && w[i - 1] === '-p'),
      (x) => (r.next() < 0.7 ? (numbers[x] ?? '47') : x.toUpperCase()),
    );
  },
  'port as a name': (w, r) => {
    const names: Record<string, string> = {
      '80': 'http',
      '443': 'https',
      '22': 'ssh',
      '53': 'domain',
    };
    return change(
      w,
      r,
      values(w),
      (x) => names[x] ?? (r.next() < 0.5 ? 'no-such-service' : x.replace(/\b80\b/, 'www')),
    );
  },
  'number in another base': (w, r) =>
    change(
      w,
      r,
      values(w).filter((i) => /^(0x)?[0-9a-f]+$/.test(w[i]!)),
      (x) => {
        const n = Number(x);
        if (!Number.isFinite(n)) return x;
        return pick(r, [
          `0x${n.toString(16)}`,
          `0${n.toString(8)}`,
          `0X${n.toString(16).toUpperCase()}`,
        ]);
      },
    ),
  'mask form': (w, r) =>
    change(
      w,
      r,
      where(w, (x, i) => i > 0 && (w[i - 1] === '-s' || w[i - 1] === '-d')),
      (x) =>
        `${x.split('/')[0]}/${pick(r, ['255.255.255.0', '33', '0', '255.0.255.0', '24', '08', 'x'])}`,
    ),
  'option before its -p': (w) => {
    const p = w.indexOf('-p');
    if (p < 0 || p + 2 >= w.length) return undefined;
    const rest = [...w.slice(0, p), ...w.slice(p + 2)];
    const j = rest.findIndex((x) => x === '-j' || x === '-g');
    const at = j < 0 ? rest.length : j;
    return [...rest.slice(0, at), '-p', w[p + 1]!, ...rest.slice(at)];
  },
  'implicit match': (w) => {
    const m = where(w, (x, i) => x === '-m' && ['tcp', 'udp', 'icmp', 'sctp'].includes(w[i + 1]!));
    if (m.length === 0) return undefined;
    return [...w.slice(0, m[0]), ...w.slice(m[0]! + 2)];
  },
  quoted: (w, r) =>
    change(
      w,
      r,
      where(w, (x) => !x.includes('"') && x !== '!'),
      (x) => (r.next() < 0.8 ? `"${x}"` : `'${x}'`),
    ),
  'unknown module': (w, r) =>
    change(
      w,
      r,
      where(w, (x, i) => i > 0 && w[i - 1] === '-m'),
      (x) => pick(r, [`${x}x`, x.slice(0, -1), 'nosuchmatch']),
    ),
  'repeated option': (w, r) => {
    const at = where(w, (x, i) => isLong(x) && i + 1 < w.length && !isOption(w[i + 1]!));
    if (at.length === 0) return undefined;
    const i = pick(r, at);
    return [...w, w[i]!, w[i + 1]!];
  },
  'missing value': (w) => (w.length > 0 && !isOption(w.at(-1)!) ? w.slice(0, -1) : undefined),
  'core option long form': (w, r) => {
    const long: Record<string, string> = {
      '-s': '--source',
      '-d': '--destination',
      '-i': '--in-interface',
      '-o': '--out-interface',
      '-p': '--protocol',
      '-m': '--match',
      '-j': '--jump',
      '-g': '--goto',
    };
    return change(
      w,
      r,
      where(w, (x) => CORE.has(x) && x !== '-f'),
      (x) => (r.next() < 0.6 ? (long[x] ?? x) : (long[x] ?? x).slice(0, 5)),
    );
  },
};
