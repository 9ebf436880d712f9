/**
 * Turns the words of one rule (what follows `-A CHAIN`) into core criteria, matches and a target.
 * It follows iptables' own reading: `!` may stand before an option or (the old way) between an
 * option and its value; options belong to the most recent `-m` module that takes them; `--dport`
 * after `-p tcp` without `-m tcp` loads the protocol's match implicitly, as iptables does.
 *
 * The reference reader of the rule grammar: every fast reader is held to it (rules/differential).
 */
import type { Diagnostic, DiagnosticCode, SourceSpan } from './diagnostics.ts';
import type { Cidr, Counters, Family, Match, Negatable, RuleCore, Target } from './model.ts';
import type { Token } from './tokenize.ts';
import { parseCidr } from './address.ts';
import { normalizeProtocol } from './protocols.ts';
import { reportNumbersRespelled, reportProtocolRespelled } from './respelled.ts';
import { registry, isStandardTarget } from '../modules/registry.ts';
import type { AnyModule, ModuleContext, OptionSpec, ParsedOption } from '../modules/types.ts';
import {
  CORE_OPTIONS,
  IMPLICIT_PROTOCOL_MATCHES,
  findOption,
  isBang,
  isInterfaceName,
  spanOf,
  type CoreKey,
} from './core-options.ts';
import { findByPrefix, ruleOptionName } from './option-prefix.ts';
import { addOption, closeMatch, closeTarget, type OpenModule } from './open-module.ts';

export { isCoreOptionAt, isInterfaceName, spanOf } from './core-options.ts';
export { expandRule } from './expand-rule.ts';

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
  /** `-s A,B` / `-d C,D`: every address, for expandRule (core holds the first) */
  several?: { source?: Cidr[]; destination?: Cidr[] };
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
  private diagnostics: Diagnostic[] = [];
  private i = 0;
  private core: RuleCore = {};
  private matches: Match[] = [];
  private target: Target | null = null;
  private counters: Counters | undefined;
  private open: OpenModule[] = [];
  private current: OpenModule | undefined;
  /** the rule's -j or -g, read with the rest once the rule is */
  private targetOpen: OpenModule | undefined;
  private several: ParsedRuleBody['several'];
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
      if (tok.text === '!') {
        if (tok.quoted) this.quotedOption(tok);
        if (pendingBang) this.report('syntax', 'two "!" in a row', spanOf(this.line, tok));
        pendingBang = tok;
        continue;
      }
      const coreKey = CORE_OPTIONS.get(tok.text);
      if (coreKey) {
        if (tok.quoted) this.quotedOption(tok);
        this.readCore(tok, coreKey, pendingBang !== undefined);
      } else this.readModuleWord(tok, pendingBang !== undefined);
      pendingBang = undefined;
    }
    if (pendingBang)
      this.report(
        'syntax',
        '"!" at the end of the rule negates nothing',
        spanOf(this.line, pendingBang),
      );
    // matches are read once the whole rule is: iptables gives an option written after a later
    // module or after the target (`-m tcp --dport 22 -j ACCEPT --sport 80`) to the module that takes it
    for (const m of this.open) this.close(m);
    if (this.targetOpen) this.close(this.targetOpen);
    const body: ParsedRuleBody = { core: this.core, matches: this.matches, target: this.target };
    if (this.counters) body.counters = this.counters;
    if (this.several) body.several = this.several;
    this.tokens = [];
    this.diagnostics = [];
    this.open = [];
    this.current = undefined;
    this.targetOpen = undefined;
    return body;
  }

  private begin(input: RuleParseInput): void {
    this.tokens = input.tokens;
    this.line = input.line;
    this.diagnostics = input.diagnostics;
    this.core = {};
    this.matches = [];
    this.target = null;
    this.counters = undefined;
    this.open = [];
    this.current = undefined;
    this.targetOpen = undefined;
    this.several = undefined;
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
      // IPv6 fragments are headers of their own, matched by -m frag; ip6tables refuses -f
      if (this.ctx.family === 'ipv6')
        this.report(
          'bad-value',
          "`-f' is not supported in IPv6, use -m frag instead",
          spanOf(line, tok),
        );
      else this.core.fragment = { value: true, negated };
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
        this.readAddress(coreKey, tok, v, negated);
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

  private readAddress(key: 'source' | 'destination', opt: Token, v: Token, negated: boolean): void {
    const family = this.ctx.family;
    const items = v.text.split(',');
    const cidrs = items.map((item) => parseCidr(item, family));
    const bad = cidrs.indexOf(undefined);
    if (bad < 0) reportNumbersRespelled(items, cidrs as Cidr[], spanOf(this.line, v), this.ctx);
    if (bad >= 0)
      this.report(
        'bad-address',
        `"${items[bad]}" is not an ${family === 'ipv4' ? 'IPv4' : 'IPv6'} address or prefix`,
        spanOf(this.line, v),
      );
    else if (cidrs.length > 1) {
      if (negated)
        this.report('bad-address', '"!" cannot negate several addresses', spanOf(this.line, v));
      // iptables adds one rule per address (per pair, with both -s and -d): expandRule
      (this.several ??= {})[key] = cidrs as Cidr[];
      this.report(
        'several-rules',
        `iptables loads one rule for each of the ${cidrs.length} addresses of ${opt.text}, as read here`,
        spanOf(this.line, v),
        'info',
      );
      this.core[key] = { value: cidrs[0]!, negated };
    } else if (cidrs[0]!.prefix !== 0 || negated) this.core[key] = { value: cidrs[0]!, negated }; // iptables drops `-s 0.0.0.0/0`
  }

  private readProtocol(v: Token, negated: boolean): void {
    const proto = normalizeProtocol(v.text, this.ctx.family);
    const span = spanOf(this.line, v);
    if (proto === undefined)
      return this.report('bad-protocol', `unknown protocol "${v.text}"`, span);
    if (proto !== v.text) reportProtocolRespelled(v.text, proto, span, this.ctx);
    if (proto !== 'all' || negated) {
      this.core.protocol = { value: proto, negated };
      this.ctx.protocol = negated ? undefined : proto;
    }
  }

  private openMatch(tok: Token, v: Token, negated: boolean): void {
    const span = spanOf(this.line, tok, v);
    if (negated) this.report('syntax', '"!" cannot negate a whole match module', span);
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
    if (this.targetOpen) this.report('syntax', 'a rule can have only one target', span);
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
    this.targetOpen = m;
  }

  /** A word that is not a core option: an option of a module, a word of an unknown module, or
   * a stray word. */
  private readModuleWord(tok: Token, negatedBefore: boolean): void {
    const current = this.current;
    const word = tok.text;
    const name = ruleOptionName(tok);
    if (name !== undefined) {
      if (tok.quoted) this.quotedOption(tok);
      const spec = this.findSpec(name, tok);
      if (spec) {
        addOption(this.owner!, spec, this.readOption(tok, spec, negatedBefore), this.ctx);
        return;
      }
    }
    // an unknown module swallows everything up to the next core option
    if (current && !current.module && current.targetKind !== 'builtin') {
      const raw = (current.raw ??= []);
      if (negatedBefore) raw.push('!');
      raw.push(word);
      return;
    }
    if (name === undefined) this.report('syntax', `unexpected "${word}"`, spanOf(this.line, tok));
    else if (!word.startsWith('--') || !this.readByPrefix(tok, name, negatedBefore))
      this.report(
        'unknown-option',
        `unknown option "${word}"${current ? ` for ${current.isTarget ? '-j' : '-m'} ${current.name}` : ''}`,
        spanOf(this.line, tok),
      );
  }

  /**
   * The option `name` as iptables looks it up: the target's options first, then the matches'
   * from the last one back, then the protocol's own match, which it then opens
   * (`-p tcp --dport 80` loads -m tcp, as iptables does); its module in `owner`.
   */
  private findSpec(name: string, tok: Token): OptionSpec | undefined {
    this.owner = undefined;
    const target = this.targetOpen;
    if (target?.module) {
      const spec = findOption(target.module, name);
      if (spec) {
        this.owner = target;
        return spec;
      }
    }
    for (let k = this.open.length - 1; k >= 0; k--) {
      const m = this.open[k]!;
      const spec = m.module ? findOption(m.module, name) : undefined;
      if (spec) {
        this.owner = m;
        return spec;
      }
    }
    const implicit = this.implicitMatch();
    const spec = implicit && findOption(implicit, name);
    if (!implicit || !spec) return undefined;
    this.owner = this.openImplicit(
      this.openModule(implicit, implicit.name, spanOf(this.line, tok), false),
    );
    return spec;
  }

  /** The match the rule's protocol loads by itself, when it is not loaded yet. */
  private implicitMatch(): AnyModule | undefined {
    const protocol = this.ctx.protocol;
    const name = protocol === undefined ? undefined : IMPLICIT_PROTOCOL_MATCHES.get(protocol);
    if (name === undefined || this.open.some((m) => m.name === name)) return undefined;
    return registry.matches.get(name);
  }

  private openImplicit(m: OpenModule): OpenModule {
    this.open.push(m);
    if (!this.targetOpen) this.current = m;
    return m;
  }

  /**
   * A long option written shorter (`--dp`, `--pro`), read as iptables reads it with a warning
   * that names it in full; false when it is no option's prefix.
   */
  private readByPrefix(tok: Token, name: string, negatedBefore: boolean): boolean {
    const modules: (OpenModule | undefined)[] = [this.targetOpen];
    for (let k = this.open.length - 1; k >= 0; k--) modules.push(this.open[k]);
    let found = findByPrefix(name, modules);
    const implicit = found === undefined ? this.implicitMatch() : undefined;
    if (implicit) {
      const m = this.openModule(implicit, implicit.name, spanOf(this.line, tok), false);
      modules.push(m);
      found = findByPrefix(name, modules);
      if (found?.kind === 'module' && found.owner === m) this.openImplicit(m);
    }
    if (found === undefined) return false;
    const span = spanOf(this.line, tok);
    if (found.kind === 'ambiguous')
      this.report('unknown-option', `"${tok.text}" is ambiguous: ${found.names.join(', ')}`, span);
    else if (found.kind === 'not-rule')
      this.report('syntax', `"${tok.text}" is --${found.full}, not an option of a rule`, span);
    else {
      this.report(
        'respelled',
        `read "${tok.text}" as --${found.full}, as iptables does; write it in full`,
        span,
        'warning',
      );
      if (found.kind === 'core')
        this.readCore(tok, CORE_OPTIONS.get(`-${found.short}`)!, negatedBefore);
      else
        addOption(
          found.owner,
          found.spec,
          this.readOption(tok, found.spec, negatedBefore),
          this.ctx,
        );
    }
    return true;
  }

  /** iptables-restore takes quotes away before it reads a word: `"-j"` is -j. */
  private quotedOption(tok: Token): void {
    this.report(
      'respelled',
      `read the quoted "${tok.text}" as ${tok.text}, as iptables does; write it without quotes`,
      spanOf(this.line, tok),
      'warning',
    );
  }

  // iptables 1.4 took `-s ! ADDR` and `--dport ! 80`; 1.8 refuses both, so the rule is in error.
  // It is still read, negation and all, so that an old dump loses nothing.
  private oldStyleBang(opt: Token, bangTok: Token): void {
    this.report(
      'old-negation',
      `iptables 1.8 refuses "${opt.text} !": write "! ${opt.text}"`,
      spanOf(this.line, bangTok),
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
    const args: string[] = [];
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
    if (m.isTarget) this.target = closeTarget(m, this.ctx);
    else this.matches.push(closeMatch(m, this.ctx));
  }
}

export type { Negatable };
