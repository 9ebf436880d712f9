/**
 * The one public face of rules/: parse and print ruleset text, the model, its diagnostics, and
 * what the cluster compiler needs to build rules the parser's way. Nothing outside rules/ imports
 * another file of it (eslint.config.js), except the match and target modules, which take the
 * model from model-face.ts (see there why).
 */
export * from './model-face.ts';

// reading ruleset text
export { copySaveParts, copySaveText, parseRuleset, type ParseOptions } from './parse.ts';
export type { CopiedSave } from './copied-lines.ts';
export { detectFamily, detectFormat } from './detect.ts';
export type { OnProgress } from './lines.ts';
export {
  outlineSave,
  outlineText,
  type OutlineChain,
  type OutlineTable,
  type SaveOutline,
} from './save-outline.ts';

// printing it
export { printSave, type SavePrintOptions } from './save-printer.ts';
export { printS } from './s-printer.ts';
export { printList } from './list-printer.ts';
export { coreWords, matchWords, ruleText, targetWords } from './rule-printer.ts';

// questions about a rule
export { ruleReach, type Reach, type ReachProbe } from './rule-reach.ts';

// for the cluster compiler, which builds rules as the parser would read its iptables-restore text
export { tokenize, type Token } from './tokenize.ts';
export { isInterfaceName, parseRuleBody } from './rule-parser.ts';
export {
  deepFreeze,
  NOT_CLEAN,
  RuleMemo,
  type ModuleWords,
  type WordsContext,
} from './rule-memo.ts';
export { asShared } from './shared-part.ts';
export { targetAllowed } from './fast-module-words.ts';
export { markCanonicalSources } from './canonical.ts';
