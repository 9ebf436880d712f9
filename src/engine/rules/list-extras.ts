/**
 * Reads back the trailing column of `iptables -L` — the text each match and target extension
 * prints (`tcp dpt:80`, `/* comment *\/`, `MARK or 0x4000`, `to:10.0.0.1:80`) — and turns it into
 * the option words iptables-save would have written (`-m tcp --dport 80`), so the ordinary rule
 * parser can read them. Each module reads its own text (its `readList`); this file walks the row
 * and asks them in registry order. What no module recognises is handed back as lossy text.
 */
import { registry } from '../modules/registry.ts';
import {
  atBoundary,
  type ExtraWord,
  type ListMatchHit,
  type ListMatchReader,
} from '../modules/list-text.ts';

export type { ExtraWord };

export interface ExtraPiece {
  /** offsets into the trailing text */
  start: number;
  end: number;
  words: ExtraWord[];
}

export interface ExtrasResult {
  goto: boolean;
  /** one piece per match: `-m NAME OPTIONS…` */
  matches: ExtraPiece[];
  /** the target's options, when its text was recognised */
  target?: ExtraPiece & { rename?: string };
  /** text no recogniser understood */
  lossy: { start: number; end: number; text: string }[];
}

const MATCH_READERS: readonly ListMatchReader[] = [...registry.matches.values()].flatMap((m) =>
  m.readList ? [m.readList] : [],
);

/**
 * Splits the trailing text of one `iptables -L` row into matches, the target's options and what
 * stays lossy. `target` is the row's target column (it decides how the target's text reads).
 */
export function readListExtras(text: string, target: string | undefined): ExtrasResult {
  const result: ExtrasResult = { goto: false, matches: [], lossy: [] };
  let pos = 0;
  const skip = () => {
    while (text.charCodeAt(pos) === 32) pos++;
  };
  skip();
  if (text.startsWith('[goto]', pos) && atBoundary(text, pos + 6)) {
    result.goto = true;
    pos += 6;
    skip();
  }
  const readTarget = target ? registry.targets.get(target)?.readList : undefined;
  const targetAt = (at: number) => readTarget?.(text.slice(at).trimEnd());
  const known = (at: number): boolean => tryMatch(at) !== undefined || targetAt(at) !== undefined;
  const tryMatch = (at: number): ListMatchHit | undefined => {
    for (const r of MATCH_READERS) {
      const hit = r(text, at, known);
      if (hit) return hit;
    }
    return undefined;
  };
  let lossyStart = -1;
  let lossyEnd = -1;
  const flushLossy = () => {
    if (lossyStart < 0) return;
    result.lossy.push({ start: lossyStart, end: lossyEnd, text: text.slice(lossyStart, lossyEnd) });
    lossyStart = -1;
  };
  while (pos < text.length) {
    const hit = tryMatch(pos);
    if (hit) {
      flushLossy();
      result.matches.push({ start: pos, end: hit.end, words: hit.words });
      pos = hit.end;
      skip();
      continue;
    }
    const t = targetAt(pos);
    if (t) {
      flushLossy();
      result.target = {
        start: pos,
        end: text.trimEnd().length,
        words: t.words,
        ...(t.rename ? { rename: t.rename } : {}),
      };
      break;
    }
    if (lossyStart < 0) lossyStart = pos;
    while (pos < text.length && text.charCodeAt(pos) !== 32) pos++;
    lossyEnd = pos;
    skip();
  }
  flushLossy();
  return result;
}
