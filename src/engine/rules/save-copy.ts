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
import { isTableName, type Chain, type Family } from './model.ts';
import { RuleMemo } from './rule-memo.ts';
import { readPlainChainLine } from './save-chain-line.ts';
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
  let line = 1;
  while (start < n) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = n;
    const first = text.charCodeAt(start);
    if (end === start || first === 35 /* # */) {
      // not printed: ends a run of copied lines
      if (runStart >= 0) pieces.push(text.slice(runStart, start));
      runStart = -1;
    } else {
      if (!scan.line(text, start, end, first, line)) return undefined;
      if (runStart < 0) runStart = start;
    }
    start = end + 1;
    line++;
  }
  if (!scan.finish()) return undefined;
  if (runStart >= 0) {
    pieces.push(text.slice(runStart, n));
    if (text.charCodeAt(n - 1) !== 10) pieces.push('\n');
  }
  return pieces.length === 1 ? pieces[0]! : pieces.join('');
}

const COMMIT = 'COMMIT';

/** What the copy has proven so far, and what it must still check. */
class SaveScan {
  private readonly b: RulesetBuilder;
  private readonly memo: RuleMemo;
  private readonly tablesSeen = new Set<string>();
  /** the current table's chains, by where they stand in it (the printer's order) */
  private readonly position = new Map<Chain, number>();
  /** the current table has had a rule: no chain line may follow (the printer puts them first) */
  private rules = false;
  private lastChain: Chain | undefined;
  private lastPosition = -1;
  /** the current table's jumps and gotos to user chains: from (a position), to (a name) */
  private readonly jumpFrom: number[] = [];
  private readonly jumpTo: string[] = [];

  constructor(family: Family) {
    this.b = new RulesetBuilder(family, 'save');
    this.memo = new RuleMemo(family);
  }

  /** Whether the line [from, to), not empty nor a comment, prints back as written. */
  line(text: string, from: number, to: number, first: number, line: number): boolean {
    const b = this.b;
    if (first === 45 /* - */) {
      if (!b.currentTable || text.charCodeAt(from + 1) !== 65 || text.charCodeAt(from + 2) !== 32)
        return false;
      return this.rule(text, from, to);
    }
    if (first === 58 /* : */) return this.chainLine(text, from, to, line);
    if (first === 42 /* * */) {
      const name = text.slice(from + 1, to);
      // an unknown table, a second *table before COMMIT, a table resumed: reported or reordered
      if (b.currentTable || !isTableName(name) || this.tablesSeen.has(name)) return false;
      this.tablesSeen.add(name);
      b.startTable(name, { line, column: 1, endLine: line, endColumn: to - from + 1 });
      this.rules = false;
      this.position.clear();
      this.lastChain = undefined;
      this.lastPosition = -1;
      this.jumpFrom.length = 0;
      this.jumpTo.length = 0;
      return b.diagnostics.length === 0;
    }
    if (to - from === COMMIT.length && textAt(text, from, COMMIT) && b.currentTable) {
      if (!this.jumpsHold()) return false;
      b.endTable();
      return true;
    }
    return false;
  }

  private chainLine(text: string, from: number, to: number, line: number): boolean {
    const b = this.b;
    const table = b.currentTable;
    if (!table || this.rules) return false;
    const before = table.chains.length;
    if (!readPlainChainLine(text, from, to, line, b, this.memo)) return false;
    // declared twice (reported, or a built-in chain's policy changed) would print differently
    if (table.chains.length !== before + 1 || b.diagnostics.length !== 0) return false;
    const chain = table.chains[before]!;
    this.position.set(chain, before);
    // the name and policy print as written; the counters too, when they are plain numbers
    return plainCounters(text, text.lastIndexOf('[', to) + 1, to - 1);
  }

  private rule(text: string, from: number, to: number): boolean {
    // proven in place when it can be; otherwise read the fast path's way (and its parts made)
    let chain = proveRuleLine(text, from, to, this.b, this.memo);
    let jump: string | undefined;
    if (chain !== undefined) jump = provenJump();
    else {
      chain = readRuleWords(text, from, to, this.b, this.memo);
      if (chain === undefined || !ruleWasCanonical()) return false;
      const target = ruleTarget();
      if (target !== null && (target.kind === 'jump' || target.kind === 'goto')) jump = target.name;
    }
    if (chain !== this.lastChain) {
      // the printer lists rules chain by chain, in the order the chains were declared
      const at = this.position.get(chain);
      if (at === undefined || at < this.lastPosition) return false;
      this.lastChain = chain;
      this.lastPosition = at;
    }
    this.rules = true;
    if (jump !== undefined) {
      this.jumpFrom.push(this.lastPosition);
      this.jumpTo.push(jump);
    }
    return true;
  }

  /** The current table's jumps all go to user chains of the table, and none closes a loop. */
  private jumpsHold(): boolean {
    const b = this.b;
    const count = b.currentTable!.chains.length;
    const edges = this.jumpFrom.length;
    // edges by their chain (jumpFrom never decreases): chain c's are [edgeStart[c], edgeStart[c+1])
    const edgeStart = new Int32Array(count + 1);
    const edgeTo = new Int32Array(edges);
    for (let e = 0; e < edges; e++) {
      const dest = b.chain(this.jumpTo[e]!);
      if (dest === undefined || dest.builtin) return false;
      edgeTo[e] = this.position.get(dest)!;
      const from = this.jumpFrom[e]! + 1;
      edgeStart[from] = edgeStart[from]! + 1;
    }
    for (let c = 0; c < count; c++) edgeStart[c + 1] = edgeStart[c + 1]! + edgeStart[c]!;
    return !hasLoop(edgeStart, edgeTo);
  }

  /** Every table was ended by COMMIT, and nothing was reported. */
  finish(): boolean {
    return !this.b.currentTable && this.b.diagnostics.length === 0;
  }
}

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
