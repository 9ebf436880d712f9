/**
 * `print` of an iptables-save dump to iptables-save form, without building the model. A real
 * dump is iptables-save's own output: every line already is the line the printer would write,
 * so the printed text is the dump less its comment and blank lines. This proves that line by
 * line (rules proven in place by save-prove.ts where it can, the others with the save parser's
 * own fast readers: save-fast-path.ts, save-chain-line.ts) and the
 * checks the whole ruleset needs (jumps to declared user chains, no loop, every table ended by
 * COMMIT), keeping only plain arrays and sets, and copies the text.
 *
 * All or nothing: at the first line it cannot prove it gives up (undefined) and the caller
 * parses and prints the usual way. So whenever this answers, the full way would have printed the
 * very same text with no diagnostic at all (save-copy.test.ts holds the two ways to it). Giving
 * up is cheap: it stops where it first doubts.
 */
import { RulesetBuilder } from './builder.ts';
import { ChainTable } from './chain-table.ts';
import { isTableName, type Chain, type Family, type TableName } from './model.ts';
import { RuleMemo } from './rule-memo.ts';
import { isStandardTarget, registry } from '../modules/registry.ts';
import { readRuleWords, ruleTarget, ruleWasCanonical } from './save-fast-path.ts';
import { provenJump, proveRuleLine } from './save-prove.ts';
import { textAt } from './text-at.ts';

/** The iptables-save text printSave(parseSave(text)) gives, when it is text's own lines and the
 * parse has no diagnostic; undefined when that is not proven. */
export function copyCanonicalSave(text: string, family: Family): string | undefined {
  // \r\n endings: the printer writes \n (rare in dumps: not worth copying around)
  if (text.indexOf('\r') >= 0) return undefined;
  const scan = new SaveScan(family);
  const n = text.length;
  const pieces: string[] = [];
  let runStart = -1; // the first kept line of the run of kept lines being read
  let start = 0;
  while (start < n) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = n;
    const first = text.charCodeAt(start);
    if (end === start || first === 35 /* # */) {
      // not printed: ends a run of copied lines
      if (runStart >= 0) pieces.push(text.slice(runStart, start));
      runStart = -1;
    } else {
      if (!scan.line(text, start, end, first)) return undefined;
      if (runStart < 0) runStart = start;
    }
    start = end + 1;
  }
  if (!scan.finish()) return undefined;
  if (runStart >= 0) {
    pieces.push(text.slice(runStart, n));
    if (text.charCodeAt(n - 1) !== 10) pieces.push('\n');
  }
  return pieces.length === 1 ? pieces[0]! : pieces.join('');
}

const COMMIT = 'COMMIT';
const SPAN = { line: 0, column: 0, endLine: 0, endColumn: 0 };

/** What the copy has proven so far, and what it must still check. */
class SaveScan {
  private readonly memo: RuleMemo;
  private readonly tablesSeen = new Set<string>();
  /** the current table's chains; undefined between COMMIT and the next *table */
  private chains: ChainTable | undefined;
  /** their policies, by position (null for user chains) */
  private readonly policies: Chain['policy'][] = [];
  /** the current table has had a rule: no chain line may follow (the printer puts them first) */
  private rules = false;
  private lastPosition = -1;
  /** the current table's jumps to user chains: from and to, as positions */
  private readonly jumpFrom: number[] = [];
  private readonly jumpTo: number[] = [];
  /** the current table's chains declared in a builder, made only when a line needs the reader */
  private builder: RulesetBuilder | undefined;

  constructor(private readonly family: Family) {
    this.memo = new RuleMemo(family);
  }

  /** Whether the line [from, to), not empty nor a comment, prints back as written. */
  line(text: string, from: number, to: number, first: number): boolean {
    if (first === 45 /* - */) {
      if (!this.chains || text.charCodeAt(from + 1) !== 65 || text.charCodeAt(from + 2) !== 32)
        return false;
      return this.rule(text, from, to, this.chains);
    }
    if (first === 58 /* : */) return this.chainLine(text, from, to);
    if (first === 42 /* * */) {
      const name = text.slice(from + 1, to);
      // an unknown table, a second *table before COMMIT, a table resumed: reported or reordered
      if (this.chains || !isTableName(name) || this.tablesSeen.has(name)) return false;
      this.tablesSeen.add(name);
      this.chains = new ChainTable(name);
      this.policies.length = 0;
      this.rules = false;
      this.lastPosition = -1;
      this.jumpFrom.length = 0;
      this.jumpTo.length = 0;
      this.builder = undefined;
      return true;
    }
    if (to - from === COMMIT.length && textAt(text, from, COMMIT) && this.chains) {
      if (!this.jumpsHold(this.chains)) return false;
      this.chains = undefined;
      this.builder = undefined;
      return true;
    }
    return false;
  }

  /**
   * `:NAME POLICY [P:B]`, single-spaced, as iptables-save prints it: a built-in chain with ACCEPT
   * or DROP, a user chain with `-`, declared once, the counters plain numbers. A chain named as a
   * target (`:DNAT -`) is left to the full reader: the prover takes such names for targets.
   */
  private chainLine(text: string, from: number, to: number): boolean {
    const chains = this.chains;
    if (!chains || this.rules) return false;
    const space = text.indexOf(' ', from);
    const second = space < 0 || space >= to ? -1 : text.indexOf(' ', space + 1);
    if (second < 0 || second >= to || space < from + 2) return false;
    // the counters: nearly always [0:0] (one native comparison), else checked digit by digit
    const zero = to === second + 6 && text.startsWith('[0:0]', second + 1);
    if (
      !zero &&
      (text.charCodeAt(second + 1) !== 91 /* [ */ ||
        text.charCodeAt(to - 1) !== 93 /* ] */ ||
        !plainCounters(text, second + 2, to - 1))
    )
      return false;
    // the name: printable ASCII, no quote or escape (a regular expression runs natively even
    // while this process's script is not optimised yet: 36,000 names early in a cold run)
    const name = text.slice(from + 1, space);
    if (!NAME.test(name)) return false;
    const position = chains.declare(name);
    if (position < 0) return false;
    if (isStandardTarget(name) || registry.targets.has(name)) return false;
    const policyLength = second - space - 1;
    let policy: Chain['policy'] = null;
    if (chains.builtin(position)) {
      if (policyLength === 6 && textAt(text, space + 1, 'ACCEPT')) policy = 'ACCEPT';
      else if (policyLength === 4 && textAt(text, space + 1, 'DROP')) policy = 'DROP';
      else return false;
    } else if (policyLength !== 1 || text.charCodeAt(space + 1) !== 45 /* - */) return false;
    this.policies.push(policy);
    return true;
  }

  private rule(text: string, from: number, to: number, chains: ChainTable): boolean {
    // proven in place when it can be; otherwise read the fast path's way (and its parts made)
    let chain = proveRuleLine(text, from, to, chains, this.memo);
    let jump = -1;
    if (chain >= 0) jump = provenJump();
    else {
      const read = readRuleWords(text, from, to, this.readerFor(chains), this.memo);
      if (read === undefined || !ruleWasCanonical()) return false;
      chain = chains.positionOf(read.name);
      const target = ruleTarget();
      if (target !== null && (target.kind === 'jump' || target.kind === 'goto')) {
        jump = chains.positionOf(target.name);
        if (jump < 0) return false; // a jump to a chain never declared: reported
      }
    }
    // the printer lists rules chain by chain, in the order the chains were declared
    if (chain < this.lastPosition) return false;
    this.lastPosition = chain;
    this.rules = true;
    if (jump >= 0) {
      this.jumpFrom.push(chain);
      this.jumpTo.push(jump);
    }
    return true;
  }

  /** A builder with the current table's chains, for the fast path's reader. */
  private readerFor(chains: ChainTable): RulesetBuilder {
    if (this.builder === undefined) {
      const b = (this.builder = new RulesetBuilder(this.family, 'save'));
      b.startTable(chains.table as TableName, SPAN);
      for (let p = 0; p < chains.size; p++)
        b.declareChain(chains.names[p]!, SPAN, this.policies[p] ?? null);
    }
    return this.builder;
  }

  /** The current table's jumps all go to its user chains, and none closes a loop. */
  private jumpsHold(chains: ChainTable): boolean {
    const count = chains.size;
    const edges = this.jumpFrom.length;
    // edges by their chain (jumpFrom never decreases): chain c's are [edgeStart[c], edgeStart[c+1])
    const edgeStart = new Int32Array(count + 1);
    const edgeTo = new Int32Array(edges);
    for (let e = 0; e < edges; e++) {
      const dest = this.jumpTo[e]!;
      if (chains.builtin(dest)) return false;
      edgeTo[e] = dest;
      const from = this.jumpFrom[e]! + 1;
      edgeStart[from] = edgeStart[from]! + 1;
    }
    for (let c = 0; c < count; c++) edgeStart[c + 1] = edgeStart[c + 1]! + edgeStart[c]!;
    return !hasLoop(edgeStart, edgeTo);
  }

  /** Every table was ended by COMMIT. */
  finish(): boolean {
    return !this.chains;
  }
}

/** A chain name the copy takes as written: printable ASCII, no space, quote or escape. */
const NAME = /^[!#-&(-[\]-~]+$/;

/** Whether text[from, to) is `P:B`, both numbers as the printer writes them: no leading zero and
 * within 2^53 (Number() would round more digits). */
function plainCounters(text: string, from: number, to: number): boolean {
  const colon = text.indexOf(':', from);
  return (
    colon > 0 && colon < to && plainNumber(text, from, colon) && plainNumber(text, colon + 1, to)
  );
}

function plainNumber(text: string, from: number, to: number): boolean {
  const length = to - from;
  if (length < 1 || length > 15 || (length > 1 && text.charCodeAt(from) === 48)) return false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Whether the graph (chain c's edges go to edgeTo[edgeStart[c] … edgeStart[c + 1])) has a
 * cycle: an iterative depth-first search, so that 20,000 chains cannot overflow the stack. */
function hasLoop(edgeStart: Int32Array, edgeTo: Int32Array): boolean {
  const n = edgeStart.length - 1;
  const state = new Uint8Array(n); // 0 unseen, 1 on the stack, 2 done
  const next = edgeStart.slice(0, n);
  const stack: number[] = [];
  for (let root = 0; root < n; root++) {
    if (state[root] !== 0 || edgeStart[root] === edgeStart[root + 1]) continue;
    stack.push(root);
    state[root] = 1;
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      if (next[top]! >= edgeStart[top + 1]!) {
        state[top] = 2;
        stack.pop();
        continue;
      }
      const dest = edgeTo[next[top]!++]!;
      if (state[dest] === 1) return true;
      if (state[dest] === 0) {
        state[dest] = 1;
        stack.push(dest);
      }
    }
  }
  return false;
}
