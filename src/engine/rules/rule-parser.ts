/**
 * Turns the words of one rule (what follows `-A CHAIN`) into core criteria, matches and a target.
 * It follows iptables' own reading: `!` may stand before an option or (the old way) between an
 * option and its value; options belong to the most recent `-m` module that takes them; `--dport`
 * after `-p tcp` without `-m tcp` loads the protocol's match implicitly, as iptables does.
 */
import type { Diagnostic, DiagnosticCode, SourceSpan } from './diagnostics.ts';
import type { Cidr, Counters, Family, Match, Negatable, RuleCore, Target } from './model.ts';
import type { Token } from './tokenize.ts';
import { parseCidr } from './address.ts';
import { isBuiltinChain } from './model.ts';
import { normalizeProtocol } from './protocols.ts';
import { registry, isStandardTarget } from '../modules/registry.ts';
import type { AnyModule, ModuleContext, OptionSpec, ParsedOption } from '../modules/types.ts';

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
}

type CoreKey = 'source' | 'destination' | 'inInterface' | 'outInterface' | 'protocol' | 'fragment' | 'match' | 'jump' | 'goto' | 'counters';

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
  raw: string[];
  span: SourceSpan;
  isTarget: boolean;
  targetKind?: Target['kind'];
}

// Big dumps name the same few thousand addresses again and again; rules share one frozen Cidr
// per text instead of parsing and allocating it each time.
const cidrCache = new Map<string, Cidr | null>();
function cidrOf(text: string, family: Family): Cidr | undefined {
  const key = family === 'ipv4' ? text : `6${text}`;
  let c = cidrCache.get(key);
  if (c === undefined) {
    if (cidrCache.size > 100_000) cidrCache.clear();
    const parsed = parseCidr(text, family);
    c = parsed ? Object.freeze(parsed) : null;
    cidrCache.set(key, c);
  }
  return c ?? undefined;
}

export function spanOf(line: number, from: Token, to: Token = from): SourceSpan {
  return { line, column: from.start + 1, endLine: line, endColumn: to.end + 1 };
}

function findOption(mod: AnyModule, name: string): OptionSpec | undefined {
  for (const o of mod.options) if (o.name === name || o.aliases?.includes(name)) return o;
  return undefined;
}

function isInterfaceName(s: string): boolean {
  // IFNAMSIZ is 16 with the NUL; `+` at the end is iptables' wildcard
  return s.length > 0 && s.length <= 15 && !/[\s/]/.test(s) && !s.slice(0, -1).includes('+');
}

export function parseRuleBody(input: RuleParseInput): ParsedRuleBody {
  const { tokens, line, family, diagnostics } = input;
  const core: RuleCore = {};
  const matches: Match[] = [];
  let target: Target | null = null;
  let counters: Counters | undefined;
  const open: OpenModule[] = [];
  let current: OpenModule | undefined;
  let pendingBang: Token | undefined;

  const report = (code: DiagnosticCode, message: string, at: SourceSpan, severity: Diagnostic['severity'] = 'error') => {
    diagnostics.push({ code, severity, message, ...at });
  };
  const ctx: ModuleContext = {
    family,
    protocol: undefined,
    table: input.table,
    chain: input.chain,
    report,
  };

  const close = (m: OpenModule) => {
    ctx.span = m.span;
    if (m.isTarget) {
      const data = m.module ? m.module.parse(m.options, ctx) : m.raw.length ? { raw: m.raw } : null;
      target = { name: m.name, kind: m.targetKind ?? 'extension', data, span: m.span };
      if (!m.module && m.targetKind === 'extension') target.unknown = true;
      if (m.module && m.module.kind === 'target' && m.module.tables && !m.module.tables.includes(input.table))
        report('target-not-allowed', `${m.name} is only valid in the ${m.module.tables.join(', ')} table, not ${input.table}`, m.span);
      else if (m.module && m.module.kind === 'target' && m.module.chains && isBuiltinChain(input.table, input.chain) && !m.module.chains.includes(input.chain))
        report('target-not-allowed', `${m.name} is only valid in the ${m.module.chains.join(', ')} chains (and user chains called from them), not ${input.chain}`, m.span);
      return;
    }
    const match: Match = {
      module: m.name,
      data: m.module ? m.module.parse(m.options, ctx) : { raw: m.raw },
      span: m.span,
    };
    if (!m.module) match.unknown = true;
    matches.push(match);
  };

  const openMatch = (name: string, span: SourceSpan): OpenModule => {
    const module = registry.matches.get(name);
    if (!module)
      report('unknown-module', `unknown match module "${name}": the rule is kept, but this part is not understood`, span, 'warning');
    const m: OpenModule = { module, name, options: [], raw: [], span, isTarget: false };
    open.push(m);
    return m;
  };

  let i = input.start;
  // iptables 1.4 took `-s ! ADDR` and `--dport ! 80`; 1.8 refuses both. We still read them, so an
  // old dump loses nothing, and say how iptables wants it written now.
  const oldStyleBang = (opt: Token, bangTok: Token) =>
    report('old-negation', `iptables 1.8 refuses "${opt.text} !": write "! ${opt.text}"`, spanOf(line, bangTok), 'warning');
  // takes the value of a core option, honouring the old `-s ! ADDR` negation
  const takeValue = (opt: Token): { value: Token; negated: boolean } | undefined => {
    let negated = false;
    let t = tokens[i];
    if (t && t.text === '!' && !t.quoted) {
      oldStyleBang(opt, t);
      negated = true;
      i++;
      t = tokens[i];
    }
    if (!t) {
      report('missing-argument', `${opt.text} needs a value`, spanOf(line, opt));
      return undefined;
    }
    i++;
    return { value: t, negated };
  };

  while (i < tokens.length) {
    const tok = tokens[i++]!;
    const word = tok.text;
    if (word === '!' && !tok.quoted) {
      if (pendingBang) report('syntax', 'two "!" in a row', spanOf(line, tok));
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
        const p = tokens[i];
        const b = tokens[i + 1];
        i += 2;
        if (!p || !b || !/^[0-9]+$/.test(p.text) || !/^[0-9]+$/.test(b.text))
          report('bad-counters', '-c needs two numbers: packets and bytes', spanOf(line, tok));
        else counters = { packets: Number(p.text), bytes: Number(b.text) };
        continue;
      }
      const v = takeValue(tok);
      if (!v) continue;
      negated ||= v.negated;
      const span = spanOf(line, tok, v.value);
      const value = v.value.text;
      switch (coreKey) {
        case 'source':
        case 'destination': {
          const cidr = cidrOf(value, family);
          if (!cidr) {
            const several = value.includes(',') ? ' (iptables would add one rule per address; write them as separate rules)' : '';
            report('bad-address', `"${value}" is not an ${family === 'ipv4' ? 'IPv4' : 'IPv6'} address or prefix${several}`, spanOf(line, v.value));
          } else if (cidr.prefix !== 0 || negated) core[coreKey] = { value: cidr, negated }; // iptables drops `-s 0.0.0.0/0`
          break;
        }
        case 'inInterface':
        case 'outInterface':
          if (!isInterfaceName(value)) report('bad-value', `"${value}" is not an interface name`, spanOf(line, v.value));
          else core[coreKey] = { value, negated };
          break;
        case 'protocol': {
          const proto = normalizeProtocol(value, family);
          if (proto === undefined) report('bad-protocol', `unknown protocol "${value}"`, spanOf(line, v.value));
          else if (proto !== 'all' || negated) {
            core.protocol = { value: proto, negated };
            ctx.protocol = negated ? undefined : proto;
          }
          break;
        }
        case 'match': {
          if (negated) report('syntax', '"!" cannot negate a whole match module', span);
          // a target written before this -m is complete: keep it (iptables accepts `-j LOG … -m limit …`)
          if (current) close(current);
          current = openMatch(value, span);
          break;
        }
        case 'jump':
        case 'goto': {
          if (negated) report('syntax', '"!" cannot negate a target', span);
          if (current && !current.isTarget) close(current);
          if (target || (current && current.isTarget)) report('syntax', 'a rule can have only one target', span);
          const module = coreKey === 'jump' ? registry.targets.get(value) : undefined;
          const kind: Target['kind'] = module ? 'extension' : isStandardTarget(value) && coreKey === 'jump' ? 'builtin' : coreKey === 'goto' ? 'goto' : 'jump';
          current = { module, name: value, options: [], raw: [], span, isTarget: true, targetKind: kind };
          break;
        }
      }
      continue;
    }

    // An option of a module, or a stray word.
    if (word.startsWith('-') && word.length > 1 && !tok.quoted) {
      const name = word.charCodeAt(1) === 45 /* - */ ? word.slice(2) : word.slice(1); // hot: no regex
      const negatedBefore = pendingBang !== undefined;
      pendingBang = undefined;
      let owner: OpenModule | undefined;
      let spec: OptionSpec | undefined;
      if (current?.isTarget) {
        owner = current;
        spec = current.module ? findOption(current.module, name) : undefined;
      } else {
        for (let k = open.length - 1; k >= 0 && !spec; k--) {
          const m = open[k]!;
          if (m.module) {
            spec = findOption(m.module, name);
            if (spec) owner = m;
          }
        }
        const implicitName = ctx.protocol === undefined ? undefined : IMPLICIT_PROTOCOL_MATCHES.get(ctx.protocol);
        if (!spec && implicitName && !open.some((m) => m.name === implicitName)) {
          const implicit = registry.matches.get(implicitName);
          const s = implicit ? findOption(implicit, name) : undefined;
          if (implicit && s) {
            if (current) close(current);
            current = openMatch(implicitName, spanOf(line, tok));
            owner = current;
            spec = s;
          }
        }
      }
      if (!spec) {
        // an unknown module swallows everything up to the next core option
        if (current && !current.module) {
          if (negatedBefore) current.raw.push('!');
          current.raw.push(word);
          continue;
        }
        report('unknown-option', `unknown option "${word}"${current ? ` for ${current.isTarget ? '-j' : '-m'} ${current.name}` : ''}`, spanOf(line, tok));
        continue;
      }
      // the option's values, with the old `--dport ! 80` negation
      let negated = negatedBefore;
      const args: string[] = [];
      let last = tok;
      if (spec.args > 0 && tokens[i]?.text === '!' && !tokens[i]!.quoted) {
        oldStyleBang(tok, tokens[i]!);
        negated = true;
        i++;
      }
      for (let k = 0; k < spec.args; k++) {
        const a = tokens[i];
        if (!a) {
          report('missing-argument', `${word} needs ${spec.args === 1 ? 'a value' : `${spec.args} values`}`, spanOf(line, tok));
          break;
        }
        args.push(a.text);
        last = a;
        i++;
      }
      if (args.length < spec.args) continue;
      if (negated && !spec.negatable) report('syntax', `${word} cannot be negated with "!"`, spanOf(line, tok));
      owner!.options.push({ name: spec.name, negated, args, span: spanOf(line, tok, last) });
      continue;
    }

    if (current && !current.module) {
      if (pendingBang) current.raw.push('!');
      pendingBang = undefined;
      current.raw.push(word);
      continue;
    }
    report('syntax', `unexpected "${word}"`, spanOf(line, tok));
  }
  if (pendingBang) report('syntax', '"!" at the end of the rule negates nothing', spanOf(line, pendingBang));
  if (current) close(current);
  const body: ParsedRuleBody = { core, matches, target };
  if (counters) body.counters = counters;
  return body;
}

export type { Negatable };
