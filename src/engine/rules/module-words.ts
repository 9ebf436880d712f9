/**
 * One module's words read on their own (`-m tcp --dport 80`, `-j DNAT --to-destination …`, up to
 * the next core option) in a context: what the rule reader (rule-parser.ts) makes of the same
 * words inside a rule there, when they read cleanly. The memo (rule-memo.ts) reads each new
 * module's words this way once and shares what they read as between the rules that write them.
 */
import type { Family } from './model.ts';
import { tokenize, type Token } from './tokenize.ts';
import { registry } from '../modules/registry.ts';
import type { AnyModule, ParsedOption } from '../modules/types.ts';
import { CORE_OPTIONS, findOption, isBang, optionName, spanOf } from './core-options.ts';
import { RecordingContext } from './recording-context.ts';

/** One module's words read on their own: the module, the data they parse to, and whether the
 * module looked at anything besides its options (protocol, table, chain, family). */
export interface ModuleRead {
  module: AnyModule;
  data: unknown;
  contextFree: boolean;
}

/** Reads module words on their own; one per memo (its context object is reused). */
export class ModuleWordsReader {
  private reports = 0;
  private readonly ctx = new RecordingContext(() => {
    this.reports++;
  });

  /**
   * What `words` read as in this context; undefined when they do not read cleanly (an unknown
   * module or option, a missing value, anything that needs a diagnostic): inside a rule, those
   * are read with their diagnostics.
   */
  read(
    words: string,
    family: Family,
    table: string,
    chain: string,
    protocol: string | undefined,
  ): ModuleRead | undefined {
    const { tokens, unterminatedQuote } = tokenize(words);
    const head = tokens[0];
    const nameTok = tokens[1];
    if (unterminatedQuote !== undefined || !head || !nameTok || head.quoted) return undefined;
    const kind = CORE_OPTIONS.get(head.text);
    const module =
      kind === 'match'
        ? registry.matches.get(nameTok.text)
        : kind === 'jump'
          ? registry.targets.get(nameTok.text)
          : undefined;
    if (!module) return undefined;
    const options = cleanOptions(tokens, module);
    if (!options) return undefined;
    // a context that notes whether the module looks at it: words of a module that never does
    // (a comment, say) mean the same in every rule, whatever its table, chain or protocol
    const ctx = this.ctx;
    ctx.reset(family, protocol, table, chain, spanOf(1, head, nameTok));
    this.reports = 0;
    const data = module.parse(options, ctx);
    return this.reports === 0 ? { module, data, contextFree: !ctx.looked } : undefined;
  }
}

/**
 * The options of a module's words (after `-m NAME`) when each word is its own option, read
 * cleanly as the rule reader reads them: undefined at anything it would report (an unknown
 * option, a missing value, `!` twice, before an option that cannot be negated, or the old
 * `--dport ! 80`).
 */
function cleanOptions(tokens: readonly Token[], module: AnyModule): ParsedOption[] | undefined {
  const options: ParsedOption[] = [];
  let negated = false;
  let i = 2;
  while (i < tokens.length) {
    const tok = tokens[i++]!;
    if (isBang(tok)) {
      if (negated) return undefined;
      negated = true;
      continue;
    }
    const name = optionName(tok);
    const spec = name === undefined ? undefined : findOption(module, name);
    if (!spec || (spec.args > 0 && isBang(tokens[i])) || i + spec.args > tokens.length)
      return undefined;
    if (negated && !spec.negatable) return undefined;
    const args: string[] = [];
    for (let k = 0; k < spec.args; k++) args.push(tokens[i + k]!.text);
    const last = spec.args > 0 ? tokens[i + spec.args - 1]! : tok;
    i += spec.args;
    options.push({ name: spec.name, negated, args, span: spanOf(1, tok, last) });
    negated = false;
  }
  return negated ? undefined : options;
}
