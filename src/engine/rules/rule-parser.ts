/**
 * Turns the words of one rule (what follows `-A CHAIN`) into core criteria, matches and a target.
 * It follows iptables' own reading: `!` may stand before an option or (the old way) between an
 * option and its value; options belong to the most recent `-m` module that takes them; `--dport`
 * after `-p tcp` without `-m tcp` loads the protocol's match implicitly, as iptables does.
 */
import type { Diagnostic, DiagnosticCode, SourceSpan } from './diagnostics.ts';
import type { Cidr, Counters, Family, Match, Negatable, RuleCore, Target } from './model.ts';
import { tokenize, type Token } from './tokenize.ts';
import { parseCidr } from './address.ts';
import { isBuiltinChain } from './model.ts';
import { normalizeProtocol } from './protocols.ts';
import { registry, isStandardTarget } from '../modules/registry.ts';
import type { AnyModule, ModuleContext, OptionSpec, ParsedOption } from '../modules/types.ts';
import { textAt } from './text-at.ts';
import { IPTABLES_LONG_OPTIONS, resolveLongOption, type LongOption } from './option-names.ts';

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
 * The rules iptables loads for one line: one, or one per address of `-s A,B` (per pair, source
 * first, with `-d C,D` too), each with its own core; an address of length 0 drops out of its rule.
 */
export function expandRule(body: ParsedRuleBody): RuleCore[] {
  const several = body.several;
  // a rule in error stays one rule, printed as written
  if (!several || body.invalid) return [body.core];
  const one = (c: Cidr | undefined): Negatable<Cidr> | undefined =>
    c && c.prefix !== 0 ? { value: c, negated: false } : undefined;
  const cores: RuleCore[] = [];
  const sources = several.source ?? [body.core.source?.value];
  const destinations = several.destination ?? [body.core.destination?.value];
  for (const s of sources)
    for (const d of destinations) {
      const core: RuleCore = { ...body.core };
      delete core.source;
      delete core.destination;
      const source = several.source ? one(s) : body.core.source;
      const destination = several.destination ? one(d) : body.core.destination;
      cores.push({
        ...(source ? { source } : {}),
        ...(destination ? { destination } : {}),
        ...core,
      });
    }
  return cores;
}

type CoreKey =
  | 'source'
  | 'destination'
  | 'inInterface'
  | 'outInterface'
  | 'protocol'
  | 'fragment'
  | 'match'
  | 'jump'
  | 'goto'
  | 'counters';

const CORE_OPTIONS: ReadonlyMap<string, CoreKey> = new Map<string, CoreKey>([
  ['-s', 'source'],
  ['--source', 'source'],
  ['--src', 'source'],
  ['-d', 'destination'],
  ['--destination', 'destination'],
  ['--dst', 'destination'],
  ['-i', 'inInterface'],
  ['--in-interface', 'inInterface'],
  ['-o', 'outInterface'],
  ['--out-interface', 'outInterface'],
  ['-p', 'protocol'],
  ['--protocol', 'protocol'],
  ['-f', 'fragment'],
  ['--fragment', 'fragment'],
  ['-m', 'match'],
  ['--match', 'match'],
  ['-j', 'jump'],
  ['--jump', 'jump'],
  ['-g', 'goto'],
  ['--goto', 'goto'],
  ['-c', 'counters'],
  ['--set-counters', 'counters'],
]);

/**
 * Protocols whose match iptables loads by itself when one of its options is used after `-p`,
 * and that match's name (ip6tables loads icmp6 for ipv6-icmp).
 */
const IMPLICIT_PROTOCOL_MATCHES: ReadonlyMap<string, string> = new Map([
  ['tcp', 'tcp'],
  ['udp', 'udp'],
  ['icmp', 'icmp'],
  ['sctp', 'sctp'],
  ['ipv6-icmp', 'icmp6'],
  ['udplite', 'udplite'],
]);

interface OpenModule {
  module: AnyModule | undefined;
  name: string;
  options: ParsedOption[];
  /** the words of a module the registry does not know */
  raw: string[] | null;
  span: SourceSpan;
  isTarget: boolean;
  targetKind?: Target['kind'];
  /** token indexes of the first word after its NAME, and just past its words */
  first: number;
  to: number;
}

export function spanOf(line: number, from: Token, to: Token = from): SourceSpan {
  return { line, column: from.start + 1, endLine: line, endColumn: to.end + 1 };
}

function findOption(mod: AnyModule, name: string): OptionSpec | undefined {
  for (const o of mod.options) if (o.name === name || o.aliases?.includes(name)) return o;
  return undefined;
}

export function isInterfaceName(s: string): boolean {
  // IFNAMSIZ is 16 with the NUL; `+` at the end is iptables' wildcard
  return s.length > 0 && s.length <= 15 && !/[\s/]/.test(s) && !s.slice(0, -1).includes('+');
}

// The long core options by length, to tell them from module options without making a string.
const LONG_CORE_OPTIONS: readonly (readonly string[])[] = (() => {
  const byLength: string[][] = [];
  for (const name of CORE_OPTIONS.keys())
    if (name.startsWith('--')) (byLength[name.length] ??= []).push(name);
  return Array.from(byLength, (names) => names ?? []);
})();

const SHORT_CORE_OPTIONS: ReadonlySet<number> = new Set(
  Array.from(CORE_OPTIONS.keys(), (name) => (name.length === 2 ? name.charCodeAt(1) : 0)),
);

/** Whether line[start, end) is a core option such as `-s`, `-m` or `--jump` (not a quoted word). */
export function isCoreOptionAt(line: string, start: number, end: number): boolean {
  if (line.charCodeAt(start) !== 45 /* - */) return false;
  const length = end - start;
  if (length === 2) return SHORT_CORE_OPTIONS.has(line.charCodeAt(start + 1));
  // a word longer than every long option (`--probability`): no read past the list's end, which
  // the first time costs every optimised function this is inlined into its code
  if (line.charCodeAt(start + 1) !== 45 || length >= LONG_CORE_OPTIONS.length) return false;
  for (const name of LONG_CORE_OPTIONS[length]!) if (textAt(line, start, name)) return true;
  return false;
}

const isBang = (t: Token | undefined): boolean => t !== undefined && t.text === '!' && !t.quoted;

/** The option name of a word such as `--dport` or `-x` (quoted or not), or undefined for a value. */
function optionName(t: Token): string | undefined {
  const w = t.text;
  if (w.length < 2 || w.charCodeAt(0) !== 45 /* - */) return undefined;
  return w.charCodeAt(1) === 45 ? w.slice(2) : w.slice(1); // hot: no regex
}

// One reader serves every rule; a second is made only if a read ever runs inside another.
let idle: RuleBodyReader | undefined;

export function parseRuleBody(input: RuleParseInput): ParsedRuleBody {
  const reader = idle ?? new RuleBodyReader();
  idle = undefined;
  const before = input.diagnostics.length;
  try {
    const body = reader.read(input);
    for (let i = before; i < input.diagnostics.length; i++)
      if (input.diagnostics[i]!.severity === 'error') {
        body.invalid = true;
        break;
      }
    return body;
  } finally {
    idle = reader;
  }
}

/** One module's words read on their own: the module, the data they parse to, and whether the
 * module looked at anything besides its options (protocol, table, chain, family). */
export interface ModuleRead {
  module: AnyModule;
  data: unknown;
  contextFree: boolean;
}

/**
 * Reads one module's words on their own (`-m tcp --dport 80`, `-j DNAT --to-destination …`, up
 * to the next core option) in a context: what the reader makes of the same words inside a rule
 * there. Undefined when they do not read cleanly (an unknown module or option, a missing value,
 * anything that needs a diagnostic): inside a rule, those are read with their diagnostics.
 */
export function readModuleWords(
  words: string,
  family: Family,
  table: string,
  chain: string,
  protocol: string | undefined,
): ModuleRead | undefined {
  const reader = idle ?? new RuleBodyReader();
  idle = undefined;
  try {
    return reader.readModule(words, family, table, chain, protocol);
  } finally {
    idle = reader;
  }
}

/**
 * Reads one rule at a time. A class rather than closures: a 100,000-rule dump would otherwise
 * make half a dozen closures and a context object for every rule.
 */
class RuleBodyReader {
  private tokens: readonly Token[] = [];
  private line = 0;
  private table = '';
  private chain = '';
  private diagnostics: Diagnostic[] = [];
  private i = 0;
  private core: RuleCore = {};
  private matches: Match[] = [];
  private target: Target | null = null;
  private open: OpenModule[] = [];
  private current: OpenModule | undefined;
  /** the rule's -j or -g, read with the rest once the rule is */
  private targetOpen: OpenModule | undefined;
  private counters: Counters | undefined;
  private several: ParsedRuleBody['several'];
  private recording: RecordingContext | undefined;
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
    const { tokens, line, family } = input;
    this.tokens = tokens;
    this.line = line;
    this.table = input.table;
    this.chain = input.chain;
    this.diagnostics = input.diagnostics;
    this.core = {};
    this.matches = [];
    this.target = null;
    this.open = [];
    this.current = undefined;
    this.targetOpen = undefined;
    this.counters = undefined;
    this.several = undefined;
    const ctx = this.ctx;
    ctx.family = family;
    ctx.protocol = undefined;
    ctx.table = input.table;
    ctx.chain = input.chain;
    let pendingBang: Token | undefined;

    this.i = input.start;
    while (this.i < tokens.length) {
      const tok = tokens[this.i++]!;
      const word = tok.text;
      if (word === '!') {
        if (tok.quoted) this.quotedOption(tok);
        if (pendingBang) this.report('syntax', 'two "!" in a row', spanOf(line, tok));
        pendingBang = tok;
        continue;
      }
      const coreKey = CORE_OPTIONS.get(word);
      if (coreKey) {
        if (tok.quoted) this.quotedOption(tok);
        this.readCore(tok, coreKey, pendingBang !== undefined);
        pendingBang = undefined;
        continue;
      }

      // An option of a module, or a stray word (readCore may have changed the module read now)
      const current = this.current as OpenModule | undefined;
      const name = optionName(tok);
      if (name !== undefined) {
        const negatedBefore = pendingBang !== undefined;
        pendingBang = undefined;
        if (tok.quoted) this.quotedOption(tok);
        let found = this.findOption(name);
        // an unknown module swallows everything up to the next core option
        if (!found && current && !current.module && current.targetKind !== 'builtin') {
          const raw = (current.raw ??= []);
          if (negatedBefore) raw.push('!');
          raw.push(word);
          continue;
        }
        if (!found && word.startsWith('--')) {
          const byPrefix = this.findByPrefix(tok, name);
          if (byPrefix === 'done') continue;
          if (byPrefix === 'core') {
            this.readCore(tok, CORE_OPTIONS.get(`-${this.prefixCore}`)!, negatedBefore);
            continue;
          }
          found = byPrefix;
        }
        if (!found) {
          this.report(
            'unknown-option',
            `unknown option "${word}"${current ? ` for ${current.isTarget ? '-j' : '-m'} ${current.name}` : ''}`,
            spanOf(line, tok),
          );
          continue;
        }
        const option = this.readOption(tok, found.spec, negatedBefore, true);
        if (option) found.owner.options.push(option);
        continue;
      }

      if (current && !current.module && current.targetKind !== 'builtin') {
        const raw = (current.raw ??= []);
        if (pendingBang) raw.push('!');
        pendingBang = undefined;
        raw.push(word);
        continue;
      }
      this.report('syntax', `unexpected "${word}"`, spanOf(line, tok));
    }
    if (pendingBang)
      this.report(
        'syntax',
        '"!" at the end of the rule negates nothing',
        spanOf(line, pendingBang),
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

  /** Reads core option `tok` (`-s`, `-p`, `-m`, `-j` …) and its value. */
  private readCore(tok: Token, coreKey: CoreKey, negatedBefore: boolean): void {
    const { tokens, line, core, ctx } = this;
    const word = tok.text;
    let negated = negatedBefore;
    if (coreKey === 'fragment') {
      core.fragment = { value: true, negated };
      return;
    }
    if (coreKey === 'counters') {
      const p = tokens[this.i];
      const b = tokens[this.i + 1];
      this.i += 2;
      if (!p || !b || !/^[0-9]+$/.test(p.text) || !/^[0-9]+$/.test(b.text))
        this.report('bad-counters', '-c needs two numbers: packets and bytes', spanOf(line, tok));
      else this.counters = { packets: Number(p.text), bytes: Number(b.text) };
      return;
    }
    // the value, honouring the old `-s ! ADDR` negation
    let v = tokens[this.i];
    if (isBang(v)) {
      this.oldStyleBang(tok, v!);
      negated = true;
      v = tokens[++this.i];
    }
    if (!v) {
      this.report('missing-argument', `${word} needs a value`, spanOf(line, tok));
      return;
    }
    this.i++;
    const value = v.text;
    const family = ctx.family;
    switch (coreKey) {
      case 'source':
      case 'destination': {
        const items = value.split(',');
        const cidrs = items.map((item) => parseCidr(item, family));
        const bad = cidrs.indexOf(undefined);
        if (bad >= 0)
          this.report(
            'bad-address',
            `"${items[bad]}" is not an ${family === 'ipv4' ? 'IPv4' : 'IPv6'} address or prefix`,
            spanOf(line, v),
          );
        else if (cidrs.length > 1) {
          if (negated)
            this.report('bad-address', '"!" cannot negate several addresses', spanOf(line, v));
          // iptables adds one rule per address (per pair, with both -s and -d): expandRule
          (this.several ??= {})[coreKey] = cidrs as Cidr[];
          this.report(
            'several-rules',
            `iptables loads one rule for each of the ${cidrs.length} addresses of ${word}, as read here`,
            spanOf(line, v),
            'info',
          );
          core[coreKey] = { value: cidrs[0]!, negated };
        } else if (cidrs[0]!.prefix !== 0 || negated) core[coreKey] = { value: cidrs[0]!, negated }; // iptables drops `-s 0.0.0.0/0`
        return;
      }
      case 'inInterface':
      case 'outInterface':
        if (!isInterfaceName(value))
          this.report('bad-value', `"${value}" is not an interface name`, spanOf(line, v));
        else core[coreKey] = { value, negated };
        return;
      case 'protocol': {
        const proto = normalizeProtocol(value, family);
        if (proto === undefined)
          this.report('bad-protocol', `unknown protocol "${value}"`, spanOf(line, v));
        else if (proto !== 'all' || negated) {
          core.protocol = { value: proto, negated };
          ctx.protocol = negated ? undefined : proto;
        }
        return;
      }
      case 'match': {
        const span = spanOf(line, tok, v);
        if (negated) this.report('syntax', '"!" cannot negate a whole match module', span);
        const module = registry.matches.get(value);
        if (!module)
          this.report(
            'unknown-module',
            `unknown match module "${value}": the rule is kept, but this part is not understood`,
            span,
            'warning',
          );
        const m = this.openModule(module, value, span, false);
        this.open.push(m);
        this.current = m;
        return;
      }
      case 'jump':
      case 'goto': {
        const span = spanOf(line, tok, v);
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
        return;
      }
    }
  }

  /**
   * The module option a written name is, as iptables looks it up: the target's options first,
   * then the matches' from the last one back, then the options of the protocol's own match
   * (`-p tcp --dport 80` loads -m tcp, as iptables does).
   */
  private findOption(name: string): { owner: OpenModule; spec: OptionSpec } | undefined {
    const target = this.targetOpen;
    if (target?.module) {
      const spec = findOption(target.module, name);
      if (spec) return { owner: target, spec };
    }
    for (let k = this.open.length - 1; k >= 0; k--) {
      const m = this.open[k]!;
      const spec = m.module && findOption(m.module, name);
      if (spec) return { owner: m, spec };
    }
    const implicit = this.implicitMatch();
    const spec = implicit && findOption(implicit, name);
    return spec ? { owner: this.openImplicit(implicit), spec } : undefined;
  }

  /** The match the rule's protocol loads by itself, when it is not loaded yet. */
  private implicitMatch(): AnyModule | undefined {
    const protocol = this.ctx.protocol;
    const name = protocol === undefined ? undefined : IMPLICIT_PROTOCOL_MATCHES.get(protocol);
    if (name === undefined || this.open.some((m) => m.name === name)) return undefined;
    return registry.matches.get(name);
  }

  private openImplicit(module: AnyModule): OpenModule {
    const m = this.openModule(
      module,
      module.name,
      spanOf(this.line, this.tokens[this.i - 1]!),
      false,
    );
    this.open.push(m);
    if (!this.targetOpen) this.current = m;
    return m;
  }

  /** the core option a prefix stood for (findByPrefix's 'core'), as its short letter */
  private prefixCore = '';

  /**
   * A long option written shorter (`--dp`, `--pro`), read as iptables reads it with a warning
   * that names it in full; 'core' for one of iptables' own options (in prefixCore), 'done' when
   * it was reported as ambiguous or as no rule option.
   */
  private findByPrefix(
    tok: Token,
    name: string,
  ): { owner: OpenModule; spec: OptionSpec } | 'core' | 'done' | undefined {
    type Key = string | { owner: OpenModule; spec: OptionSpec };
    const options: LongOption<Key>[] = [];
    for (const [long, short] of IPTABLES_LONG_OPTIONS) options.push({ name: long, key: short });
    const add = (m: OpenModule | undefined): void => {
      if (!m?.module) return;
      for (const spec of m.module.options) {
        const key = { owner: m, spec };
        for (const n of [spec.name, ...(spec.aliases ?? [])]) options.push({ name: n, key });
      }
    };
    add(this.targetOpen);
    for (let k = this.open.length - 1; k >= 0; k--) add(this.open[k]);
    let found = resolveLongOption(name, options);
    const implicit = found === undefined ? this.implicitMatch() : undefined;
    if (implicit) {
      const m = this.openModule(implicit, implicit.name, spanOf(this.line, tok), false);
      add(m);
      found = resolveLongOption(name, options);
      if (
        found &&
        !('ambiguous' in found) &&
        typeof found.key !== 'string' &&
        found.key.owner === m
      ) {
        this.open.push(m);
        if (!this.targetOpen) this.current = m;
      }
    }
    const span = spanOf(this.line, tok);
    if (found === undefined) return undefined;
    if ('ambiguous' in found) {
      this.report(
        'unknown-option',
        `"${tok.text}" is ambiguous: ${found.ambiguous.join(', ')}`,
        span,
      );
      return 'done';
    }
    if (typeof found.key === 'string' && !CORE_OPTIONS.has(`-${found.key}`)) {
      this.report('syntax', `"${tok.text}" is --${found.name}, not an option of a rule`, span);
      return 'done';
    }
    this.report(
      'respelled',
      `read "${tok.text}" as --${found.name}, as iptables does; write it in full`,
      span,
      'warning',
    );
    if (typeof found.key !== 'string') return found.key;
    this.prefixCore = found.key;
    return 'core';
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

  readModule(
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
    const diagnostics: Diagnostic[] = [];
    this.tokens = tokens;
    this.line = 1;
    this.diagnostics = diagnostics;
    const span = spanOf(1, head, nameTok);
    const m: OpenModule = {
      module,
      name: nameTok.text,
      options: [],
      raw: null,
      span,
      isTarget: kind === 'jump',
      first: 2,
      to: tokens.length,
    };
    const options = this.readWords(m);
    let read: ModuleRead | undefined;
    if (options) {
      // a context that notes whether the module looks at it: words of a module that never does
      // (a comment, say) mean the same in every rule, whatever its table, chain or protocol
      const ctx = (this.recording ??= new RecordingContext((code, message, at, severity) =>
        this.report(code, message, at, severity),
      ));
      ctx.reset(family, protocol, table, chain, span);
      const data = module.parse(options, ctx);
      if (diagnostics.length === 0) read = { module, data, contextFree: !ctx.looked };
    }
    this.tokens = [];
    this.diagnostics = [];
    return read;
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
   * Reads an option's values from the word after `opt` (with the old `--dport ! 80` negation).
   * Reports problems when `report` is set; otherwise gives up at the first one, for readWords.
   */
  private readOption(
    opt: Token,
    spec: OptionSpec,
    negatedBefore: boolean,
    report: boolean,
  ): ParsedOption | undefined {
    const tokens = this.tokens;
    let negated = negatedBefore;
    let last = opt;
    if (spec.args > 0 && isBang(tokens[this.i])) {
      if (!report) return undefined;
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
          if (report)
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
    if (negated && !spec.negatable) {
      if (!report) return undefined;
      this.report('syntax', `${opt.text} cannot be negated with "!"`, spanOf(this.line, opt));
    }
    return { name: spec.name, negated, args, span: spanOf(this.line, opt, last) };
  }

  /** Opens `-m NAME` or `-j NAME`: its options follow, word by word. */
  private openModule(
    module: AnyModule | undefined,
    name: string,
    span: SourceSpan,
    isTarget: boolean,
  ): OpenModule {
    return { module, name, options: [], raw: null, span, isTarget, first: this.i, to: this.i };
  }

  /** The options of a module's words when each word is its own option, read cleanly. */
  private readWords(m: OpenModule): ParsedOption[] | undefined {
    const tokens = this.tokens;
    const module = m.module!;
    const saved = this.i;
    const options: ParsedOption[] = [];
    let negated = false;
    let ok = true;
    this.i = m.first;
    while (this.i < m.to) {
      const tok = tokens[this.i++]!;
      if (isBang(tok)) {
        if (negated) ok = false;
        negated = true;
        continue;
      }
      const name = tok.quoted ? undefined : optionName(tok);
      const spec = name === undefined ? undefined : findOption(module, name);
      const option = spec && this.readOption(tok, spec, negated, false);
      if (!option || this.i > m.to) {
        ok = false;
        break;
      }
      options.push(option);
      negated = false;
    }
    this.i = saved;
    return ok && !negated ? options : undefined;
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

/** A module context that notes whether the module read any of it (reports aside). */
class RecordingContext implements ModuleContext {
  looked = false;
  span?: SourceSpan;
  private f: Family = 'ipv4';
  private p: string | undefined;
  private t = '';
  private c = '';

  constructor(readonly report: ModuleContext['report']) {}

  reset(
    family: Family,
    protocol: string | undefined,
    table: string,
    chain: string,
    span: SourceSpan,
  ): void {
    this.looked = false;
    this.f = family;
    this.p = protocol;
    this.t = table;
    this.c = chain;
    this.span = span;
  }

  get family(): Family {
    this.looked = true;
    return this.f;
  }
  get protocol(): string | undefined {
    this.looked = true;
    return this.p;
  }
  get table(): string {
    this.looked = true;
    return this.t;
  }
  get chain(): string {
    this.looked = true;
    return this.c;
  }
}

export type { Negatable };
