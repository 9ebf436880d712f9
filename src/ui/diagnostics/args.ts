/** Reading a diagnostic's values: a sentence is built only when every value it names is there. */
import type { DiagnosticArgs } from './types.ts';

export type Say = (a: DiagnosticArgs) => string | undefined;

/** `f` over the named values as text, or undefined when one is missing. */
export function withArgs<K extends string>(
  a: DiagnosticArgs,
  keys: readonly K[],
  f: (v: Record<K, string>) => string | undefined,
): string | undefined {
  const v = {} as Record<K, string>;
  for (const k of keys) {
    const x = a[k];
    if (x === undefined) return undefined;
    v[k] = String(x);
  }
  return f(v);
}

/** The first sentence one of `says` builds. */
export function firstOf(says: readonly Say[]): Say {
  return (a) => {
    for (const say of says) {
      const s = say(a);
      if (s !== undefined) return s;
    }
    return undefined;
  };
}

/** The sentence for diagnostics made with `sentence: key` (one code, several sentences). */
export function when(key: string, say: Say): Say {
  return (a) => (a['sentence'] === key ? say(a) : undefined);
}
