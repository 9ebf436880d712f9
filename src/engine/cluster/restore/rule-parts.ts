/**
 * The module words of kube-proxy's restore lines (`-m NAME …`, `-j NAME …`) read as the engine's
 * parser reads them, each distinct set once: from the parser's own memo (RuleMemo.learn),
 * frozen as the parser freezes them, or, for the words kube-proxy writes per
 * endpoint (comments, DNAT), read here the way the parser's fast path reads them. Also makes the
 * parts (rule-part.ts) the proxier writes many times, and prints what it read.
 */
import {
  type Cidr,
  type Match,
  type Target,
  NOT_CLEAN,
  RuleMemo,
  type ModuleWords,
  matchWords,
  targetWords,
  quoteWord,
  asShared,
} from '../../rules/index.ts';
import { formatIPv4 } from '../../netfilter/ipv4.ts';
import { COMMENT_MAX } from '../../modules/match/comment.ts';
import { utf8Length } from '../../modules/values.ts';
import { natPortsAllowed } from '../../modules/target/nat-range.ts';
import { isStandardTarget, registry } from '../../modules/registry.ts';
import { CorePrinter } from './restore-core.ts';
import {
  dnatTarget,
  flatText,
  plainWord,
  targetAllowed,
  unreadPart,
  type RulePart,
} from './rule-part.ts';

/** One `-m NAME …` or `-j NAME …` with the words given to it so far. */
export interface ModuleGroup {
  target: boolean;
  name: string;
  words: string[];
  /** a core option came between the module and some of its words (`-m tcp -p tcp --dport`) */
  interrupted: boolean;
}

const DNAT = registry.targets.get('DNAT');

export class RuleParts {
  protected readonly memo = new RuleMemo('ipv4');
  protected readonly cores = new CorePrinter();
  /** the printed words of each shared match and target, with the space before them */
  private readonly printed = new Map<object, string>();
  private readonly comments = new Map<string, Match>();
  private readonly dnats = new Map<string, Target>();

  /** A match's words read in this context, or undefined to have the rule read in full. */
  protected match(
    g: ModuleGroup,
    table: string,
    chain: string,
    protocol: string | undefined,
  ): Match | undefined {
    if (g.name === 'comment' && g.words.length === 2 && g.words[0] === '--comment')
      return this.comment(g.words[1]!);
    const entry = this.moduleWords(`-m ${g.name}`, g, table, chain, protocol);
    if (!entry || entry.module.kind !== 'match') return undefined;
    return (entry.shared ??= Object.freeze({
      module: entry.module.name,
      data: entry.data,
    })) as Match;
  }

  /** A target's words read in this context, or undefined to have the rule read in full. */
  protected target(
    g: ModuleGroup,
    table: string,
    chain: string,
    protocol: string | undefined,
  ): Target | undefined {
    if (!registry.targets.has(g.name)) {
      // a chain or a verdict: no words of its own
      if (g.words.length > 0) return undefined;
      return this.memo.chainTarget(g.name, isStandardTarget(g.name) ? 'builtin' : 'jump');
    }
    if (g.name === 'DNAT' && g.words.length === 2 && g.words[0] === '--to-destination') {
      const t = this.dnat(g.words[1]!, protocol);
      if (t === undefined) return undefined;
      const module = registry.targets.get('DNAT')!;
      return targetAllowed(module, table, chain) ? t : undefined;
    }
    const entry = this.moduleWords(`-j ${g.name}`, g, table, chain, protocol);
    if (!entry || !targetAllowed(entry.module, table, chain)) return undefined;
    return (entry.shared ??= Object.freeze({
      name: entry.module.name,
      kind: 'extension' as const,
      data: entry.data,
    })) as Target;
  }

  /** A module's words read once per context by the parser's own reader (see RuleMemo). */
  private moduleWords(
    head: string,
    g: ModuleGroup,
    table: string,
    chain: string,
    protocol: string | undefined,
  ): ModuleWords | undefined {
    const memo = this.memo;
    const key = g.words.length ? `${head} ${g.words.join(' ')}` : head;
    const context = memo.modulesFor(table, chain, protocol);
    const known = memo.find(key, context);
    if (known === NOT_CLEAN) return undefined;
    return known ?? memo.learn(key, context, chain);
  }

  /** `-m comment --comment TEXT`: one shared match per text, as the parser's fast path makes it. */
  private comment(word: string): Match | undefined {
    let m = this.comments.get(word);
    if (m !== undefined) return m;
    const part = this.commentPart(word, word);
    if (!part.match) return undefined;
    this.comments.set(word, (m = part.match));
    this.printed.set(m, part.printed);
    return m;
  }

  /** `-j DNAT --to-destination ADDR:PORT` as the parser's fast path reads it, or undefined. */
  private dnat(value: string, protocol: string | undefined): Target | undefined {
    const portsAllowed = natPortsAllowed({ protocol });
    const key = portsAllowed ? value : `${value} noports`;
    let t = this.dnats.get(key);
    if (t === undefined) {
      t = dnatTarget(value, portsAllowed);
      if (t) this.dnats.set(key, t);
    }
    return t;
  }

  /** The printed words of a match read here, with the space before them. */
  protected printedMatch(m: Match): string {
    let t = this.printed.get(m);
    if (t === undefined) this.printed.set(m, (t = flatText(' ', matchWords(m).join(' '))));
    return t;
  }

  /** The printed words of a target read here, with the space before them. */
  protected printedTarget(target: Target): string {
    let t = this.printed.get(target);
    if (t === undefined)
      this.printed.set(target, (t = flatText(' ', targetWords(target).join(' '))));
    return t;
  }

  /**
   * `-m comment --comment TEXT` as a part; `word` is the text as kube-proxy writes it (quoted if
   * it has blanks). A text the comment module would report on is left to the full parser.
   */
  commentPart(text: string, word?: string): RulePart {
    if (word === undefined) {
      const fast = simpleComment(text);
      if (fast !== undefined) return fast;
      word = /\s/.test(text) ? `"${text}"` : text;
    }
    const restore = `-m comment --comment ${word}`;
    const plain = plainWord(word);
    if (
      plain === undefined ||
      plain === '' ||
      plain.startsWith('-') ||
      utf8Length(plain) > COMMENT_MAX
    )
      return unreadPart(restore);
    const match: Match = asShared({
      module: 'comment',
      data: asShared({ comment: plain }),
    });
    const printed = flatText(' -m comment --comment ', quoteWord(plain));
    return { restore, plain: true, printed, match, alone: undefined };
  }

  /** A match module's words (`-m statistic …`) as a part, read for rules of this context. */
  matchPart(words: string[], table: string, chain: string, protocol?: string): RulePart {
    const [flag, name, ...rest] = words;
    const restore = words.join(' ');
    if (flag !== '-m' || name === undefined) return unreadPart(restore);
    const group: ModuleGroup = { target: false, name, words: rest, interrupted: false };
    const match = this.match(group, table, chain, protocol);
    if (!match) return unreadPart(restore);
    const context = this.memo.modulesFor(table, chain, protocol);
    return { restore, plain: true, printed: this.printedMatch(match), match, context };
  }

  /**
   * `-m PROTO -p PROTO` (kube-proxy's way to match a port's protocol) as a part for rules of
   * this table and chain kind: the protocol goes to the rule's core, the match stays a match.
   */
  protocolPart(proto: string, table: string, chain: string): RulePart {
    const restore = `-m ${proto} -p ${proto}`;
    const value = this.memo.protocol(proto);
    if (value === undefined || value === 'all') return unreadPart(restore);
    const group: ModuleGroup = { target: false, name: proto, words: [], interrupted: false };
    const match = this.match(group, table, chain, value);
    if (!match) return unreadPart(restore);
    const core = this.memo.protocolCore(this.memo.protocolValues.get(value, false));
    return {
      restore,
      plain: true,
      printed: this.printedMatch(match),
      match,
      alone: asShared([match]) as Match[],
      context: this.memo.modulesFor(table, chain, value),
      core,
      coreText: this.cores.text(core),
    };
  }

  /**
   * `-s ADDRESS` for one host's address (an endpoint's: one each, so not kept in the memo), as
   * the parser reads it: a /32.
   */
  hostSourcePart(address: number): RulePart {
    const text = formatIPv4(address);
    const cidr: Cidr = asShared({ family: 'ipv4', address: text, prefix: 32 });
    const core = asShared({ source: asShared({ value: cidr, negated: false }) });
    const coreText = flatText(' -s ', text, '/32');
    return { restore: `-s ${text}`, plain: true, printed: '', core, coreText };
  }

  /** `-j CHAIN` as a part (the proxier makes one per chain, so the memo need not share it). */
  jumpPart(chain: string): RulePart {
    const kind = isStandardTarget(chain) ? 'builtin' : 'jump';
    const target: Target = asShared({ name: chain, kind, data: null });
    return { restore: `-j ${chain}`, plain: true, printed: flatText(' -j ', chain), target };
  }

  /**
   * `-j DNAT --to-destination IP:PORT` for an endpoint the proxier already holds as numbers
   * (50,000 on a big node): the target made straight from them, as the parser would read the
   * text; anything else goes through dnatPart.
   */
  endpointDnatPart(ip: number, port: number, endpoint: string, protocol: string): RulePart {
    const address = formatIPv4(ip);
    if (
      DNAT === undefined ||
      !(port >= 1 && port <= 65535) ||
      endpoint !== `${address}:${port}` ||
      !natPortsAllowed({ protocol })
    )
      return this.dnatPart(endpoint, protocol);
    const to = asShared({ minPort: port, maxPort: port, minIp: address, maxIp: address });
    const data = asShared({ to, random: false, persistent: false });
    const target: Target = asShared({ name: 'DNAT', kind: 'extension', data });
    return {
      restore: `-j DNAT --to-destination ${endpoint}`,
      plain: true,
      printed: flatText(' -j DNAT --to-destination ', endpoint),
      target,
      module: DNAT,
      protocol,
    };
  }

  /** `-j DNAT --to-destination ENDPOINT` as a part, for rules with this protocol (`-p`). */
  dnatPart(endpoint: string, protocol: string): RulePart {
    const restore = `-j DNAT --to-destination ${endpoint}`;
    const target = dnatTarget(endpoint, natPortsAllowed({ protocol }));
    const module = registry.targets.get('DNAT');
    if (!target || !module) return unreadPart(restore);
    const printed = flatText(' ', targetWords(target).join(' '));
    return { restore, plain: true, printed, target, module, protocol };
  }
}

/**
 * A comment the proxier writes (a Service port, an endpoint): printable ASCII without quotes
 * or backslashes, read with one look at each character instead of the general checks (the
 * same outcome: kube-proxy quotes it when it has blanks, iptables-save when it has anything but
 * letters, digits, `_` and `-`). Undefined for any other text.
 */
function simpleComment(text: string): RulePart | undefined {
  const n = text.length;
  if (n === 0 || n > COMMENT_MAX || text.charCodeAt(0) === 45) return undefined;
  let blank = false;
  let bare = true; // only letters, digits, `_` and `-`
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) blank = true;
    else if (c < 32 || c > 126 || c === 34 || c === 39 || c === 92) return undefined;
    if (
      bare &&
      !(c === 45 || c === 95 || (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122))
    )
      bare = false;
  }
  const match: Match = asShared({ module: 'comment', data: asShared({ comment: text }) });
  return {
    restore: blank ? `-m comment --comment "${text}"` : `-m comment --comment ${text}`,
    plain: true,
    printed: bare
      ? flatText(' -m comment --comment ', text)
      : flatText(' -m comment --comment "', text, '"'),
    match,
    alone: undefined,
  };
}
