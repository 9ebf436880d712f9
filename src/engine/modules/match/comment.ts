/** `-m comment --comment TEXT`: no effect on packets; kube-proxy names its Services this way. */
import { quoteWord } from '../../rules/model-face.ts';
import { defineMatch } from '../types.ts';
import { utf8Length } from '../values.ts';
import { reportRepeated, requireOneOf } from '../option-checks.ts';
import { atBoundary, free, w, type ListMatchReader } from '../list-text.ts';

export interface CommentData {
  comment: string;
}

export const COMMENT_MAX = 255;

/** The longest start of `s` that fits in `max` bytes of UTF-8 (a character is never split). */
function truncateUtf8(s: string, max: number): string {
  let bytes = 0;
  let end = 0;
  for (const ch of s) {
    bytes += utf8Length(ch);
    if (bytes > max) break;
    end += ch.length;
  }
  return s.slice(0, end);
}

/** `/* text *\/`; a comment holding ` *\/` ends at the first close that something known follows. */
const readList: ListMatchReader = (text, pos, known) => {
  if (!text.startsWith('/* ', pos)) return undefined;
  let first: number | undefined;
  for (
    let close = text.indexOf(' */', pos + 2);
    close >= 0;
    close = text.indexOf(' */', close + 1)
  ) {
    const end = close + 3;
    if (!atBoundary(text, end)) continue;
    first ??= end;
    if (end === text.length || known(end + 1))
      return { end, words: [...w('-m', 'comment', '--comment'), free(text.slice(pos + 3, close))] };
  }
  if (first === undefined) return undefined;
  return {
    end: first,
    words: [...w('-m', 'comment', '--comment'), free(text.slice(pos + 3, first - 3))],
  };
};

export const comment = defineMatch<CommentData>({
  name: 'comment',
  evaluate: () => 'match',
  readList,
  options: [{ name: 'comment', args: 1 }],
  parse(options, ctx) {
    reportRepeated('comment', options, ctx);
    requireOneOf('comment', options, ['comment'], ctx);
    let text = '';
    for (const o of options) {
      text = o.args[0] ?? '';
      // the kernel keeps 255 bytes plus the terminating NUL; iptables cuts the rest silently
      if (utf8Length(text) > COMMENT_MAX) {
        text = truncateUtf8(text, COMMENT_MAX);
        ctx.report(
          'bad-value',
          `a comment keeps only its first ${COMMENT_MAX} bytes: iptables cuts it to "${text}"`,
          o.span,
          'warning',
        );
      }
    }
    return { comment: text };
  },
  save: (d) => ['--comment', quoteWord(d.comment)],
  list: (d) => `/* ${d.comment} */`,
  explain: (d, lang) =>
    lang === 'ko'
      ? `주석 "${d.comment}" (패킷에는 영향 없음)`
      : `comment "${d.comment}" (no effect on packets)`,
});
