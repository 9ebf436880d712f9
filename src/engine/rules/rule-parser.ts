/**
 * Turns the words of one rule (what follows `-A CHAIN`) into core criteria, matches and a target.
 * It follows iptables' own reading: `!` may stand before an option or (the old way) between an
 * option and its value; options belong to the most recent `-m` module that takes them; `--dport`
 * after `-p tcp` without `-m tcp` loads the protocol's match implicitly, as iptables does.
 *
 * The reference reader of the rule grammar: every fast reader is held to it (rules/differential).
 */
import type { Diagnostic, DiagnosticCode, SourceSpan } from './diagnostics.ts';
import type { Counters, Family, Match, Negatable, RuleCore, Target } from './model.ts';
import type { Token } from './tokenize.ts';
import { parseCidr } from './address.ts';
import { isBuiltinChain } from './model.ts';
import { normalizeProtocol } from './protocols.ts';
import { registry, isStandardTarget } from '../modules/registry.ts';
import type { AnyModule, ModuleContext, OptionSpec, ParsedOption } from '../modules/types.ts';
import {
  CORE_OPTIONS,
  IMPLICIT_PROTOCOL_MATCHES,
  findOption,
  isBang,
  isInterfaceName,
  optionName,
  spanOf,
  type CoreKey,
} from './core-options.ts';

export { isCoreOptionAt, isInterfaceName, spanOf } from './core-options.ts';

export interface RuleParseInput {
  tokens: readonly Token[];
  /** index of the first word after the chain name */
  start: number;
  line: number;
  family: Family;
  table: string;
  chain: string;
  diagnostics: Diagnostic[];
}

export interface ParsedRuleBody {
  core: RuleCore;
  matches: Match[];
  target: Target | null;
  counters?: Counters;
  /** an error was reported for this rule: part of what it says is missing from the model */
  invalid?: true;
}

interface OpenModule {
  module: AnyModule | undefined;
  name: string;
  options: ParsedOption[];
  /** the words of a module the registry does not know */
  raw: string[] | null;
  span: SourceSpan;
  isTarget: boolean;
  targetKind?: Target['kind'];
}

/**
 * Reads the rule body; `reader` is the caller's own when it reads many rules (one parse's), so
 * that they share one reader's arrays rather than make new ones each.
 */
export function parseRuleBody(
  input: RuleParseInput,
  reader: RuleBodyReader = new RuleBodyReader(),
): ParsedRuleBody {
  const before = input.diagnostics.length;
  const body = reader.read(input);
  for (let i = before; i < input.diagnostics.length; i++)
    if (input.diagnostics[i]!.severity === 'error') {
      body.invalid = true;
      break;
    }
  return body;
}

/**
 * Reads one rule at a time. A class rather than closures: a 100,000-rule dump would otherwise
 * make half a dozen closures and a context object for every rule.
 */
export class RuleBodyReader {
  private tokens: readonly Token[] = [];
  private line = 0;
  private table = '';
  private chain = '';
  private diagnostics: Diagnostic[] = [];
  private i = 0;
  private core: RuleCore = {};
  private matches: Match[] = [];
  private target: Target | null = null;
  private counters: Counters | undefined;
  private open: OpenModule[] = [];
  private current: OpenModule | undefined;
  /** the module findSpec found the option in */
  private owner: OpenModule | undefined;
  private readonly ctx: ModuleContext = {
    family: 'ipv4',
    protocol: undefined,
    table: '',
    chain: '',
    report: (code, message, at, severity) => this.report(code, message, at, severity),
  };

  private report(
    code: DiagnosticCode,
    message: string,
    at: SourceSpan,
    severity: Diagnostic['severity'] = 'error',
  ): void {
    this.diagnostics.push({ code, severity, message, ...at });
  }

  read(input: RuleParseInput): ParsedRuleBody {
    this.begin(input);
    const tokens = this.tokens;
    let pendingBang: Token | undefined;
    while (this.i < tokens.length) {
      const tok = tokens[this.i++]!;
      if (tok.text === '!' && !tok.quoted) {
        if (pendingBang) this.report('syntax', 'two "!" in a row', spanOf(this.line, tok));
        pendingBang = tok;
        continue;
      }
      const coreKey = tok.quoted ? undefined : CORE_OPTIONS.get(tok.text);
      if (coreKey) this.readCore(tok, coreKey, pendingBang !== undefined);
      else this.readModuleWord(tok, pendingBang !== undefined);
      pendingBang = undefined;
    }
    if (pendingBang)
      this.report(
        'syntax',
        '"!" at the end of the rule negates nothing',
        spanOf(this.line, pendingBang),
      );
    if (this.current) this.close(this.current);
    const body: ParsedRuleBody = { core: this.core, matches: this.matches, target: this.target };
    if (this.counters) body.counters = this.counters;
    this.tokens = [];
    this.diagnostics = [];
    this.open = [];
    this.current = undefined;
    return body;
  }

  private begin(input: RuleParseInput): void {
    this.tokens = input.tokens;
    this.line = input.line;
    this.table = input.table;
    this.chain = input.chain;
    this.diagnostics = input.diagnostics;
    this.core = {};
    this.matches = [];
    this.target = null;
    this.counters = undefined;
    this.open = [];
    this.current = undefined;
    const ctx = this.ctx;
    ctx.family = input.family;
    ctx.protocol = undefined;
    ctx.table = input.table;
    ctx.chain = input.chain;
    this.i = input.start;
  }

  /** A core option (`-s`, `-p`, `-m`, `-j` …) and its value. */
  private readCore(tok: Token, coreKey: CoreKey, negated: boolean): void {
    const line = this.line;
    if (coreKey === 'fragment') {
      this.core.fragment = { value: true, negated };
      return;
    }
    if (coreKey === 'counters') {
      this.readCounters(tok);
      return;
    }
    // the value, honouring the old `-s ! ADDR` negation
    let v = this.tokens[this.i];
    if (isBang(v)) {
      this.oldStyleBang(tok, v!);
      negated = true;
      v = this.tokens[++this.i];
    }
    if (!v) {
      this.report('missing-argument', `${tok.text} needs a value`, spanOf(line, tok));
      return;
    }
    this.i++;
    switch (coreKey) {
      case 'source':
      case 'destination':
        this.readAddress(coreKey, v, negated);
        break;
      case 'inInterface':
      case 'outInterface':
        if (!isInterfaceName(v.text))
          this.report('bad-value', `"${v.text}" is not an interface name`, spanOf(line, v));
        else this.core[coreKey] = { value: v.text, negated };
        break;
      case 'protocol':
        this.readProtocol(v, negated);
        break;
      case 'match':
        this.openMatch(tok, v, negated);
        break;
      case 'jump':
      case 'goto':
        this.openTarget(tok, v, negated, coreKey);
        break;
    }
  }

  private readCounters(tok: Token): void {
    const p = this.tokens[this.i];
    const b = this.tokens[this.i + 1];
    this.i += 2;
    if (!p || !b || !/^[0-9]+$/.test(p.text) || !/^[0-9]+$/.test(b.text))
      this.report(
        'bad-counters',
        '-c needs two numbers: packets and bytes',
        spanOf(this.line, tok),
      );
    else this.counters = { packets: Number(p.text), bytes: Number(b.text) };
  }

  private readAddress(key: 'source' | 'destination', v: Token, negated: boolean): void {
    const family = this.ctx.family;
    const cidr = parseCidr(v.text, family);
    if (!cidr) {
      const several = v.text.includes(',')
        ? ' (iptables would add one rule per address; write them as separate rules)'
        : '';
      this.report(
        'bad-address',
        `"${v.text}" is not an ${family === 'ipv4' ? 'IPv4' : 'IPv6'} address or prefix${several}`,
        spanOf(this.line, v),
      );
    } else if (cidr.prefix !== 0 || negated) this.core[key] = { value: cidr, negated }; // iptables drops `-s 0.0.0.0/0`
  }

  private readProtocol(v: Token, negated: boolean): void {
    const proto = normalizeProtocol(v.text, this.ctx.family);
    if (proto === undefined)
      this.report('bad-protocol', `unknown protocol "${v.text}"`, spanOf(this.line, v));
    else if (proto !== 'all' || negated) {
      this.core.protocol = { value: proto, negated };
      this.ctx.protocol = negated ? undefined : proto;
    }
  }

  private openMatch(tok: Token, v: Token, negated: boolean): void {
    const span = spanOf(this.line, tok, v);
    if (negated) this.report('syntax', '"!" cannot negate a whole match module', span);
    // a target written before this -m is complete: keep it (iptables accepts `-j LOG … -m limit …`)
    if (this.current) this.close(this.current);
    const module = registry.matches.get(v.text);
    if (!module)
      this.report(
        'unknown-module',
        `unknown match module "${v.text}": the rule is kept, but this part is not understood`,
        span,
        'warning',
      );
    const m = this.openModule(module, v.text, span, false);
    this.open.push(m);
    this.current = m;
  }

  private openTarget(tok: Token, v: Token, negated: boolean, coreKey: 'jump' | 'goto'): void {
    const span = spanOf(this.line, tok, v);
    const value = v.text;
    if (negated) this.report('syntax', '"!" cannot negate a target', span);
    if (this.current && !this.current.isTarget) this.close(this.current);
    if (this.target || (this.current && this.current.isTarget))
      this.report('syntax', 'a rule can have only one target', span);
    const module = coreKey === 'jump' ? registry.targets.get(value) : undefined;
    const kind: Target['kind'] = module
      ? 'extension'
      : isStandardTarget(value) && coreKey === 'jump'
        ? 'builtin'
        : coreKey === 'goto'
          ? 'goto'
          : 'jump';
    const m = this.openModule(module, value, span, true);
    m.targetKind = kind;
    this.current = m;
  }

  /** A word that is not a core option: an option of a module, a word of an unknown module, or
   * a stray word. */
  private readModuleWord(tok: Token, negatedBefore: boolean): void {
    const current = this.current;
    const word = tok.text;
    const name = optionName(tok);
    if (name !== undefined) {
      const spec = this.findSpec(name, tok);
      if (spec) {
        const option = this.readOption(tok, spec, negatedBefore);
        if (option) this.owner!.options.push(option);
        return;
      }
    }
    // an unknown module swallows everything up to the next core option
    if (current && !current.module) {
      const raw = (current.raw ??= []);
      if (negatedBefore) raw.push('!');
      raw.push(word);
      return;
    }
    if (name !== undefined)
      this.report(
        'unknown-option',
        `unknown option "${word}"${current ? ` for ${current.isTarget ? '-j' : '-m'} ${current.name}` : ''}`,
        spanOf(this.line, tok),
      );
    else this.report('syntax', `unexpected "${word}"`, spanOf(this.line, tok));
  }

  /**
   * The option `name` of the open target, else of the latest open match that has it, else of
   * the protocol's match, which it then opens (`-p tcp --dport 80`); its module in `owner`.
   */
  private findSpec(name: string, tok: Token): OptionSpec | undefined {
    const current = this.current;
    this.owner = undefined;
    if (current?.isTarget) {
      this.owner = current;
      return current.module ? findOption(current.module, name) : undefined;
    }
    for (let k = this.open.length - 1; k >= 0; k--) {
      const m = this.open[k]!;
      const spec = m.module ? findOption(m.module, name) : undefined;
      if (spec) {
        this.owner = m;
        return spec;
      }
    }
    const protocol = this.ctx.protocol;
    const implicitName =
      protocol === undefined ? undefined : IMPLICIT_PROTOCOL_MATCHES.get(protocol);
    if (!implicitName || this.open.some((m) => m.name === implicitName)) return undefined;
    const implicit = registry.matches.get(implicitName);
    const spec = implicit ? findOption(implicit, name) : undefined;
    if (!implicit || !spec) return undefined;
    if (current) this.close(current);
    const m = this.openModule(implicit, implicitName, spanOf(this.line, tok), false);
    this.open.push(m);
    this.current = m;
    this.owner = m;
    return spec;
  }

  // iptables 1.4 took `-s ! ADDR` and `--dport ! 80`; 1.8 refuses both. We still read them, so an
  // old dump loses nothing, and say how iptables wants it written now.
  private oldStyleBang(opt: Token, bangTok: Token): void {
    this.report(
      'old-negation',
      `iptables 1.8 refuses "${opt.text} !": write "! ${opt.text}"`,
      spanOf(this.line, bangTok),
      'warning',
    );
  }

  /**
   * Reads an option's values from the word after `opt` (with the old `--dport ! 80` negation),
   * reporting what is wrong (module-words.ts gives up at the same things instead).
   */
  private readOption(
    opt: Token,
    spec: OptionSpec,
    negatedBefore: boolean,
  ): ParsedOption | undefined {
    const tokens = this.tokens;
    let negated = negatedBefore;
    let last = opt;
    if (spec.args > 0 && isBang(tokens[this.i])) {
      this.oldStyleBang(opt, tokens[this.i]!);
      negated = true;
      this.i++;
    }
    let args: string[];
    const a = tokens[this.i];
    if (spec.args === 0) args = [];
    else if (spec.args === 1 && a) {
      args = [a.text];
      last = a;
      this.i++;
    } else {
      args = [];
      for (let k = 0; k < spec.args; k++) {
        const t = tokens[this.i];
        if (!t) {
          this.report(
            'missing-argument',
            `${opt.text} needs ${spec.args === 1 ? 'a value' : `${spec.args} values`}`,
            spanOf(this.line, opt),
          );
          return undefined;
        }
        args.push(t.text);
        last = t;
        this.i++;
      }
    }
    if (negated && !spec.negatable)
      this.report('syntax', `${opt.text} cannot be negated with "!"`, spanOf(this.line, opt));
    return { name: spec.name, negated, args, span: spanOf(this.line, opt, last) };
  }

  /** Opens `-m NAME` or `-j NAME`: its options follow, word by word. */
  private openModule(
    module: AnyModule | undefined,
    name: string,
    span: SourceSpan,
    isTarget: boolean,
  ): OpenModule {
    return { module, name, options: [], raw: null, span, isTarget };
  }

  private close(m: OpenModule): void {
    const ctx = this.ctx;
    ctx.span = m.span;
    const table = this.table;
    if (m.isTarget) {
      const data = m.module
        ? m.module.parse(m.options, ctx)
        : m.raw?.length
          ? { raw: m.raw }
          : null;
      const target: Target = { name: m.name, kind: m.targetKind ?? 'extension', data };
      if (!m.module && m.targetKind === 'extension') target.unknown = true;
      this.target = target;
      if (
        m.module &&
        m.module.kind === 'target' &&
        m.module.tables &&
        !m.module.tables.includes(table)
      )
        this.report(
          'target-not-allowed',
          `${m.name} is only valid in the ${m.module.tables.join(', ')} table, not ${table}`,
          m.span,
        );
      else if (
        m.module &&
        m.module.kind === 'target' &&
        m.module.chains &&
        isBuiltinChain(table, this.chain) &&
        !m.module.chains.includes(this.chain)
      )
        this.report(
          'target-not-allowed',
          `${m.name} is only valid in the ${m.module.chains.join(', ')} chains (and user chains called from them), not ${this.chain}`,
          m.span,
        );
      return;
    }
    const match: Match = {
      module: m.name,
      data: m.module ? m.module.parse(m.options, ctx) : { raw: m.raw ?? [] },
    };
    if (!m.module) match.unknown = true;
    this.matches.push(match);
  }
}

export type { Negatable };
