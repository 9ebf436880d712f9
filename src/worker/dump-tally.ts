/**
 * The per-table part of a dump's summary (chain names, kinds, policies, rule counts, counters),
 * built the same way from the full parse (dump-cache.ts) and from the outline given while it runs
 * (dump-peek.ts).
 */
import type { DumpTableSummary } from './dump-protocol.ts';

/** What the summary needs of one chain, whichever way it was read. */
export interface TalliedChain {
  name: string;
  builtin: boolean;
  policy: 'ACCEPT' | 'DROP' | null;
  line: number;
  rules: number;
}

/** Totals over the tables tallied so far. */
export class DumpTally {
  rules = 0;
  chains = 0;
  hasCounters = false;
  maxRulePackets = 0;
  maxChainPackets = 0;

  /**
   * One table's summary. `chainOf` says what a chain is; `eachCounted` hands every rule of it
   * that has counters to `add`.
   */
  table<C>(
    name: string,
    line: number,
    chains: readonly C[],
    chainOf: (c: C) => TalliedChain,
    eachCounted: (c: C, add: (packets: number, bytes: number) => void) => void,
  ): DumpTableSummary {
    const n = chains.length;
    const s: DumpTableSummary = {
      name,
      line,
      names: [],
      builtin: new Uint8Array(n),
      policies: {},
      rules: new Int32Array(n),
      packets: new Float64Array(n),
      bytes: new Float64Array(n),
      lines: new Int32Array(n),
    };
    let packets = 0;
    let bytes = 0;
    const add = (p: number, b: number): void => {
      this.hasCounters = true;
      packets += p;
      bytes += b;
      if (p > this.maxRulePackets) this.maxRulePackets = p;
    };
    chains.forEach((chain, i) => {
      const c = chainOf(chain);
      s.names.push(c.name);
      s.builtin[i] = c.builtin ? 1 : 0;
      if (c.builtin && c.policy) s.policies[c.name] = c.policy;
      s.rules[i] = c.rules;
      s.lines[i] = c.line;
      packets = 0;
      bytes = 0;
      eachCounted(chain, add);
      s.packets[i] = packets;
      s.bytes[i] = bytes;
      if (packets > this.maxChainPackets) this.maxChainPackets = packets;
      this.rules += c.rules;
    });
    this.chains += n;
    return s;
  }
}
