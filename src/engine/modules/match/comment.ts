/** `-m comment --comment TEXT`: no effect on packets; kube-proxy names its Services this way. */
import { quoteWord } from '../../rules/tokenize.ts';
import { defineMatch } from '../types.ts';
import { utf8Length } from '../values.ts';

export interface CommentData {
  comment: string;
}

export const comment = defineMatch<CommentData>({
  name: 'comment',
  options: [{ name: 'comment', args: 1 }],
  parse(options, ctx) {
    let text = '';
    for (const o of options) text = o.args[0] ?? '';
    // the kernel keeps 255 bytes plus the terminating NUL
    if (utf8Length(text) > 255) {
      const at = options[options.length - 1];
      if (at) ctx.report('bad-value', 'a comment may be at most 255 bytes long', at.span);
    }
    return { comment: text };
  },
  save: (d) => ['--comment', quoteWord(d.comment)],
  list: (d) => `/* ${d.comment} */`,
  explain: (d, lang) => (lang === 'ko' ? `주석 "${d.comment}" (패킷에는 영향 없음)` : `comment "${d.comment}" (no effect on packets)`),
});
