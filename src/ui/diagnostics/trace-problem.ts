/**
 * A problem that stopped a trace (worker/problems.ts) in the learner's language: the field it is
 * about, then the diagnostic's sentence built from its code and values (diagnosticText). Without
 * a whole Korean sentence for them, the code's heading and the English sentence.
 */
import type { TraceProblem } from '../../worker/protocol.ts';
import type { Lang } from '../i18n/index.ts';
import { diagnosticText, hasKoreanSentence } from './diagnostic-text.ts';

export function traceProblemText(p: TraceProblem, lang: Lang): string {
  if (lang === 'en' || p.code === undefined) return p.message;
  const d = { code: p.code, message: p.message, args: p.args };
  // the English sentence already names the field
  if (!hasKoreanSentence(d)) return diagnosticText(d, lang);
  const said = diagnosticText(d, lang);
  return p.path ? `${p.path}: ${said}` : said;
}
