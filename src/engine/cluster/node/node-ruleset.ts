/**
 * A node's rules → the Ruleset and the iptables-save text of it, built directly: each table,
 * chain and rule gets the spans, ids and source line a parse of the printed text would give it
 * (the table and chain spans cover their first word, a rule's its whole line), and every rule's
 * source is the line iptables-save prints, so later prints copy it.
 *
 * kube-proxy's rules come in the order it writes them (Service by Service), not iptables-save's
 * (chain by chain, chains sorted by name): each is read as it comes (add, the proxier's sink),
 * so its words die young, and only its Rule, provenance and printed pieces wait for the order,
 * known once every chain is (finish). The rules kubelet and kube-proxy write outside the restore
 * input (node-state.ts) are read then. The text is written as pieces (shared words, mostly) and
 * joined once; each rule's source is then a slice of it, so the 160,000 lines of a big node are
 * not held twice.
 */
import {
  markCanonicalSources,
  type Diagnostic,
  type SourceSpan,
  BUILTIN_CHAINS,
  type Chain,
  type Rule,
  type Ruleset,
  type Table,
  type TableName,
} from '../../rules/index.ts';
import type { KubeProxyVersion } from '../model/model.ts';
import { fixedRules, SAVE_TABLE_ORDER, sortedChains, type StateRule } from './node-state.ts';
import type { RestoreTable } from '../proxier/index.ts';
import type { RuleProvenance } from './provenance.ts';
import { RuleProvenanceMap } from './provenance-map.ts';
import type { RestoreRuleReader, RuleBody, RuleWord } from '../restore/restore-rule.ts';
import { flatText } from '../restore/rule-part.ts';
import type { CniRules } from '../netpol/cni-rules.ts';

export interface NodeRuleset {
  ruleset: Ruleset;
  /** what `iptables-save` prints (without its header comments and counters) */
  text: string;
  /** rule id → why the rule exists */
  provenance: ReadonlyMap<string, RuleProvenance>;
  /** what the parser reported on rules it read in full (a compiler bug, or nfacct) */
  diagnostics: Diagnostic[];
  /** rules whose chain was never declared (a compiler bug) */
  lost: string[];
}

const CHUNK = 4096;

/** A rule's span until its line is known. */
const PENDING: SourceSpan = Object.freeze({ line: 0, column: 1, endLine: 0, endColumn: 1 });

/** A rule read from its words, as the `index`-th of its chain; its span and source come once
 * the text is joined. */
function pendingRule(
  read: RuleBody,
  table: string,
  chain: string,
  index: number,
  id = `${table}/${chain}/${index}`,
): Rule {
  const rule: Rule = {
    core: read.core,
    matches: read.matches,
    target: read.target,
    span: PENDING,
    source: '', // a slice of the text, once it is joined
    table,
    chain,
    index,
    id,
  };
  if (read.invalid) rule.invalid = true;
  return rule;
}

/**
 * One chain's kube-proxy rules, as numbers in the order they came (see NodeRulesetBuilder): a
 * list threaded through the builder's `next`, not an array per chain (56,000 chains on a big
 * node, most with one or two rules, and an array grown by push keeps room for 17).
 */
interface ChainRules {
  first: number;
  last: number;
  count: number;
  /** `table/CHAIN/`, the head of its rules' ids */
  idHead: string;
}

function wordSpan(line: number, length: number): SourceSpan {
  return { line, column: 1, endLine: line, endColumn: length + 1 };
}

export class NodeRulesetBuilder {
  /** each rule's printed pieces after `-A CHAIN`, in the order the rules came */
  private readonly pieces: string[] = [];
  /** per rule: its first piece, its piece after the last, its printed length */
  private readonly extents: number[] = [];
  /** per rule: the Rule, or undefined while it waits for the full parser (it needs its line) */
  private readonly rules: (Rule | undefined)[] = [];
  private readonly provs: RuleProvenance[] = [];
  /** per rule: the next rule of its chain, or -1 */
  private next = new Int32Array(1024);
  private readonly unread = new Map<number, readonly RuleWord[]>();
  private readonly byChain: Record<RestoreTable, Map<string, ChainRules>> = {
    filter: new Map(),
    nat: new Map(),
  };
  private last: ChainRules | undefined;
  private lastTable = '';
  private lastChain = '';

  constructor(private readonly reader: RestoreRuleReader) {}

  /** Takes one kube-proxy rule (a RuleSink). */
  readonly add = (
    table: RestoreTable,
    chain: string,
    args: RuleWord[],
    prov: RuleProvenance,
  ): void => {
    let list = this.last;
    // a chain's rules mostly follow each other: look the list up only when the chain changes
    if (list === undefined || chain !== this.lastChain || table !== this.lastTable) {
      const lists = this.byChain[table];
      list = lists.get(chain);
      if (list === undefined)
        lists.set(chain, (list = { first: -1, last: -1, count: 0, idHead: `${table}/${chain}/` }));
      this.last = list;
      this.lastTable = table;
      this.lastChain = chain;
    }
    const serial = this.rules.length;
    const pieces = this.pieces;
    const first = pieces.length;
    const read = this.reader.readQuick(table, chain, args, pieces);
    let length = 3 + chain.length; // `-A CHAIN`
    for (let i = first; i < pieces.length; i++) length += pieces[i]!.length;
    this.extents.push(first, pieces.length, length);
    if (read === undefined) {
      this.unread.set(serial, args);
      this.rules.push(undefined);
    } else {
      const index = list.count + 1;
      this.rules.push(pendingRule(read, table, chain, index, list.idHead + index));
    }
    this.provs.push(prov);
    let next = this.next;
    if (serial >= next.length) {
      next = new Int32Array(next.length * 2);
      next.set(this.next);
      this.next = next;
    }
    next[serial] = -1;
    if (list.count === 0) list.first = serial;
    else next[list.last] = serial;
    list.last = serial;
    list.count++;
  };

  /**
   * The ruleset, once kube-proxy has written every rule and declared its chains, in the layout of
   * its release; `cni` adds the rules a CNI writes for NetworkPolicy.
   */
  finish(
    declared: Record<RestoreTable, readonly string[]>,
    layout: KubeProxyVersion['layout'] = 'current',
    cni?: CniRules,
  ): NodeRuleset {
    const fixed = fixedRules(declared, layout, cni);
    // by table, then chain: a table's 56,000 chains are looked up without a key string each
    const cniChains = new Map<TableName, Map<string, StateRule[]>>();
    for (const r of cni?.rules ?? []) {
      let chains = cniChains.get(r.table);
      if (!chains) cniChains.set(r.table, (chains = new Map()));
      let list = chains.get(r.chain);
      if (!list) chains.set(r.chain, (list = []));
      list.push(r);
    }
    const out = new SaveText(this.reader);
    for (const name of SAVE_TABLE_ORDER) {
      const user = fixed.chains.get(name);
      const cniTable = cniChains.get(name);
      if (user) this.writeTable(out, name, sortedChains(user), { ...fixed, cniTable });
    }
    return out.result();
  }

  /** One table: its chains declared, the built-in chains' rules, then each user chain's. */
  private writeTable(
    out: SaveText,
    name: TableName,
    names: readonly string[],
    fixed: {
      builtin: ReadonlyMap<string, readonly StateRule[]>;
      kubeletChains: ReadonlyMap<string, readonly StateRule[]>;
      /** the CNI's rules of this table's chains, by chain */
      cniTable: ReadonlyMap<string, readonly StateRule[]> | undefined;
    },
  ): void {
    const { builtin, kubeletChains, cniTable } = fixed;
    const table = out.openTable(name);
    const builtins = BUILTIN_CHAINS[name];
    for (const c of builtins) out.declare(table, c, true);
    for (const c of names) out.declare(table, c, false);
    // the built-in chains' rules (kubelet's, kube-proxy's jumps), then each user chain's
    for (const c of builtins) {
      const chain = table.chains.find((x) => x.name === c);
      for (const st of builtin.get(`${name}/${c}`) ?? []) out.writeFixed(table, chain, st);
    }
    const lists = name === 'filter' || name === 'nat' ? this.byChain[name] : undefined;
    if (lists)
      for (let k = 0; k < names.length; k++) {
        const c = names[k]!;
        const chain = table.chains[builtins.length + k]!;
        const list = lists.get(c);
        const cniList = cniTable?.get(c);
        if (cniList) for (const st of cniList) out.writeFixed(table, chain, st);
        else if (list) {
          const ruleHead = flatText('-A ', c);
          const next = this.next;
          // an array of the chain's length (one grown by push keeps room to grow)
          const chainRules = new Array<Rule>(list.count);
          for (let i = 0, serial = list.first; i < list.count; i++, serial = next[serial]!)
            chainRules[i] = this.writeProxy(out, table, chain, ruleHead, serial, i + 1);
          chain.rules = chainRules;
        } else
          for (const st of kubeletChains.get(`${name}/${c}`) ?? [])
            out.writeFixed(table, chain, st);
      }
    out.write('COMMIT');
    // every rule's source is the line iptables-save prints for it
    markCanonicalSources(table, new Set());
  }

  /** kube-proxy's `serial`-th rule, the `index`-th of `chain` in `table`. */
  private writeProxy(
    out: SaveText,
    table: Table,
    chain: Chain,
    ruleHead: string,
    serial: number,
    index: number,
  ): Rule {
    const line = ++out.lines;
    const pieces = out.pieces;
    pieces.push(ruleHead);
    let rule = this.rules[serial];
    let length: number;
    if (rule === undefined) {
      const first = pieces.length - 1;
      const args = this.unread.get(serial)!;
      const read = this.reader.readFull(
        table.name,
        chain.name,
        args,
        line,
        out.diagnostics,
        pieces,
      );
      length = out.lengthFrom(first);
      rule = pendingRule(read, table.name, chain.name, index);
    } else {
      const extents = this.extents;
      const from = extents[3 * serial]!;
      const to = extents[3 * serial + 1]!;
      length = extents[3 * serial + 2]!;
      const own = this.pieces;
      for (let i = from; i < to; i++) pieces.push(own[i]!);
    }
    out.placed(rule, line, length);
    out.provenance.push(this.provs[serial]!);
    return rule;
  }
}

/** The iptables-save text being written, and the rules placed in it line by line. */
class SaveText {
  // joined a few thousand at a time: one join of a million pieces takes several times as long
  private readonly chunks: string[] = [];
  readonly pieces: string[] = [];
  private readonly rules: Rule[] = [];
  /** where each rule's line starts and ends in the text (filled in as the pieces are written) */
  private readonly bounds: number[] = [];
  /** the text's length so far */
  private at = 0;
  lines = 0;
  readonly tables: Table[] = [];
  readonly provenance: RuleProvenance[] = [];
  readonly diagnostics: Diagnostic[] = [];
  readonly lost: string[] = [];

  constructor(private readonly reader: RestoreRuleReader) {}

  private flush(): void {
    if (this.pieces.length >= CHUNK) {
      this.chunks.push(this.pieces.join(''));
      this.pieces.length = 0;
    }
  }

  write(line: string): void {
    this.pieces.push(line, '\n');
    this.at += line.length + 1;
    this.lines++;
    this.flush();
  }

  /** The length of the pieces from `first` on: a rule's line written so far. */
  lengthFrom(first: number): number {
    let length = 0;
    for (let i = first; i < this.pieces.length; i++) length += this.pieces[i]!.length;
    return length;
  }

  /** Ends a rule's line of `length` characters, the text's line `line`. */
  placed(rule: Rule, line: number, length: number): void {
    this.pieces.push('\n');
    this.flush();
    this.bounds.push(this.at, this.at + length);
    this.at += length + 1;
    rule.span = { line, column: 1, endLine: line, endColumn: length + 1 };
    this.rules.push(rule);
  }

  openTable(name: TableName): Table {
    const head = `*${name}`;
    this.write(head);
    const table: Table = { name, chains: [], span: wordSpan(this.lines, head.length) };
    this.tables.push(table);
    return table;
  }

  declare(table: Table, chain: string, builtinChain: boolean): void {
    this.write(flatText(':', chain, builtinChain ? ' ACCEPT [0:0]' : ' - [0:0]'));
    table.chains.push({
      name: chain,
      builtin: builtinChain,
      policy: builtinChain ? 'ACCEPT' : null,
      rules: [],
      span: wordSpan(this.lines, chain.length + 1),
      counters: { packets: 0, bytes: 0 },
    });
  }

  /** A rule written outside kube-proxy's restore input, read here. */
  writeFixed(table: Table, chain: Chain | undefined, st: StateRule): void {
    if (!chain) {
      this.lost.push(`${table.name}/${st.chain}`);
      return;
    }
    const line = ++this.lines;
    const first = this.pieces.length;
    this.pieces.push(`-A ${st.chain}`);
    const read = this.reader.readInto(
      table.name,
      st.chain,
      st.args,
      line,
      this.diagnostics,
      this.pieces,
    );
    const length = this.lengthFrom(first);
    const rule = pendingRule(read, table.name, chain.name, chain.rules.length + 1);
    this.placed(rule, line, length);
    chain.rules.push(rule);
    this.provenance.push(st.prov);
  }

  result(): NodeRuleset {
    this.chunks.push(this.pieces.join(''));
    const text = this.chunks.join('');
    const { rules, bounds } = this;
    for (let i = 0; i < rules.length; i++)
      rules[i]!.source = text.slice(bounds[2 * i]!, bounds[2 * i + 1]!);
    const ruleset: Ruleset = { family: 'ipv4', format: 'save', tables: this.tables };
    return {
      ruleset,
      text,
      provenance: new RuleProvenanceMap(ruleset, this.provenance),
      diagnostics: this.diagnostics,
      lost: this.lost,
    };
  }
}
