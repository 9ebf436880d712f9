/**
 * Turns the words of one rule (what follows `-A CHAIN`) into core criteria, matches and a target.
 * It follows iptables' own reading: `!` may stand before an option or (the old way) between an
 * option and its value; options belong to the most recent `-m` module that takes them; `--dport`
 * after `-p tcp` without `-m tcp` loads the protocol's match implicitly, as iptables does.
 */
import type { Diagnostic, DiagnosticCode, SourceSpan } from './diagnostics.ts';
import type { Counters, Family, Match, Negatable, RuleCore, Target } from './model.ts';
import { tokenize, type Token } from './tokenize.ts';
import { parseCidr } from './address.ts';
import { isBuiltinChain } from './model.ts';
import { normalizeProtocol } from './protocols.ts';
import { registry, isStandardTarget } from '../modules/registry.ts';
import type { AnyModule, ModuleContext, OptionSpec, ParsedOption } from '../modules/types.ts';
import { textAt } from './text-at.ts';

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

/** The option name of a word such as `--dport` or `-x`, or undefined for a value. */
function optionName(t: Token): string | undefined {
  const w = t.text;
  if (t.quoted || w.length < 2 || w.charCodeAt(0) !== 45 /* - */) return undefined;
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
    const ctx = this.ctx;
    ctx.family = family;
    ctx.protocol = undefined;
    ctx.table = input.table;
    ctx.chain = input.chain;
    let counters: Counters | undefined;
    let pendingBang: Token | undefined;
    const core = this.core;

    this.i = input.start;
    while (this.i < tokens.length) {
      const tok = tokens[this.i++]!;
      const word = tok.text;
      if (word === '!' && !tok.quoted) {
        if (pendingBang) this.report('syntax', 'two "!" in a row', spanOf(line, tok));
        pendingBang = tok;
        continue;
      }
      const coreKey = tok.quoted ? undefined : CORE_OPTIONS.get(word);
      if (coreKey) {
        let negated = pendingBang !== undefined;
        pendingBang = undefined;
        if (coreKey === 'fragment') {
          core.fragment = { value: true, negated };
          continue;
        }
        if (coreKey === 'counters') {
          const p = tokens[this.i];
          const b = tokens[this.i + 1];
          this.i += 2;
          if (!p || !b || !/^[0-9]+$/.test(p.text) || !/^[0-9]+$/.test(b.text))
            this.report(
              'bad-counters',
              '-c needs two numbers: packets and bytes',
              spanOf(line, tok),
            );
          else counters = { packets: Number(p.text), bytes: Number(b.text) };
          continue;
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
          continue;
        }
        this.i++;
        const value = v.text;
        switch (coreKey) {
          case 'source':
          case 'destination': {
            const cidr = parseCidr(value, family);
            if (!cidr) {
              const several = value.includes(',')
                ? ' (iptables would add one rule per address; write them as separate rules)'
                : '';
              this.report(
                'bad-address',
                `"${value}" is not an ${family === 'ipv4' ? 'IPv4' : 'IPv6'} address or prefix${several}`,
                spanOf(line, v),
              );
            } else if (cidr.prefix !== 0 || negated) core[coreKey] = { value: cidr, negated }; // iptables drops `-s 0.0.0.0/0`
            break;
          }
          case 'inInterface':
          case 'outInterface':
            if (!isInterfaceName(value))
              this.report('bad-value', `"${value}" is not an interface name`, spanOf(line, v));
            else core[coreKey] = { value, negated };
            break;
          case 'protocol': {
            const proto = normalizeProtocol(value, family);
            if (proto === undefined)
              this.report('bad-protocol', `unknown protocol "${value}"`, spanOf(line, v));
            else if (proto !== 'all' || negated) {
              core.protocol = { value: proto, negated };
              ctx.protocol = negated ? undefined : proto;
            }
            break;
          }
          case 'match': {
            const span = spanOf(line, tok, v);
            if (negated) this.report('syntax', '"!" cannot negate a whole match module', span);
            // a target written before this -m is complete: keep it (iptables accepts `-j LOG … -m limit …`)
            if (this.current) this.close(this.current);
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
            break;
          }
          case 'jump':
          case 'goto': {
            const span = spanOf(line, tok, v);
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
            break;
          }
        }
        continue;
      }

      // An option of a module, or a stray word.
      const current = this.current;
      const name = optionName(tok);
      if (name !== undefined) {
        const negatedBefore = pendingBang !== undefined;
        pendingBang = undefined;
        let owner: OpenModule | undefined;
        let spec: OptionSpec | undefined;
        if (current?.isTarget) {
          owner = current;
          spec = current.module ? findOption(current.module, name) : undefined;
        } else {
          for (let k = this.open.length - 1; k >= 0 && !spec; k--) {
            const m = this.open[k]!;
            if (m.module) {
              spec = findOption(m.module, name);
              if (spec) owner = m;
            }
          }
          const implicitName =
            ctx.protocol === undefined ? undefined : IMPLICIT_PROTOCOL_MATCHES.get(ctx.protocol);
          if (!spec && implicitName && !this.open.some((m) => m.name === implicitName)) {
            const implicit = registry.matches.get(implicitName);
            const s = implicit ? findOption(implicit, name) : undefined;
            if (implicit && s) {
              if (current) this.close(current);
              const m = this.openModule(implicit, implicitName, spanOf(line, tok), false);
              this.open.push(m);
              this.current = m;
              owner = m;
              spec = s;
            }
          }
        }
        if (!spec) {
          // an unknown module swallows everything up to the next core option
          if (current && !current.module) {
            const raw = (current.raw ??= []);
            if (negatedBefore) raw.push('!');
            raw.push(word);
            continue;
          }
          this.report(
            'unknown-option',
            `unknown option "${word}"${current ? ` for ${current.isTarget ? '-j' : '-m'} ${current.name}` : ''}`,
            spanOf(line, tok),
          );
          continue;
        }
        const option = this.readOption(tok, spec, negatedBefore, true);
        if (option) owner!.options.push(option);
        continue;
      }

      if (current && !current.module) {
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
    if (this.current) this.close(this.current);
    const body: ParsedRuleBody = { core, matches: this.matches, target: this.target };
    if (counters) body.counters = counters;
    this.tokens = [];
    this.diagnostics = [];
    this.open = [];
    this.current = undefined;
    return body;
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
      const name = optionName(tok);
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
