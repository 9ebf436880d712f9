/**
 * Where the proxier's rules go: each with its provenance, into ProxierOutput.rules or straight to
 * a sink (node-ruleset.ts reads them as they come), and the chains it declares in each table.
 */
import type { RuleWord } from '../restore/restore-rule.ts';
import type { ProvenanceSource, RuleProvenance, RuleRole } from '../node/provenance.ts';
import type { RestoreTable, RuleLine } from './rule.ts';

export interface RestoreRule {
  table: RestoreTable;
  chain: string;
  /** the arguments after `-A CHAIN`, as kube-proxy writes them (parts stand for several) */
  args: RuleWord[];
  prov: RuleProvenance;
}

export interface ProxierOutput {
  /** chains kube-proxy declares (flushes) in each table, in the order it writes them */
  chains: Record<RestoreTable, string[]>;
  /** the rules in the order kube-proxy writes them (empty when a sink took them) */
  rules: RestoreRule[];
}

/** Takes each rule as it is made, instead of ProxierOutput.rules (see node-ruleset.ts). */
export type RuleSink = (
  table: RestoreTable,
  chain: string,
  args: RuleWord[],
  prov: RuleProvenance,
) => void;

/** The Service port and endpoint a rule belongs to, when it belongs to one. */
export type RuleOwner = Pick<RuleProvenance, 'servicePort' | 'endpoint'>;

export class RestoreWriter {
  readonly output: ProxierOutput = {
    chains: {
      filter: [
        'KUBE-SERVICES',
        'KUBE-EXTERNAL-SERVICES',
        'KUBE-FORWARD',
        'KUBE-NODEPORTS',
        'KUBE-PROXY-FIREWALL',
      ],
      nat: ['KUBE-SERVICES', 'KUBE-NODEPORTS', 'KUBE-POSTROUTING', 'KUBE-MARK-MASQ'],
    },
    rules: [],
  };

  constructor(private readonly sink?: RuleSink) {}

  /** Declares a chain after the fixed ones, in the order kube-proxy declares them. */
  declare(table: RestoreTable, chain: string): void {
    this.output.chains[table].push(chain);
  }

  add(line: RuleLine, role: RuleRole, sources: ProvenanceSource[], owner: RuleOwner = {}): void {
    // each shape written out whole: 160,000 of these on a big node, and a property added
    // later would move to a second allocation
    const { servicePort, endpoint } = owner;
    const writer = 'kube-proxy';
    const prov: RuleProvenance =
      servicePort === undefined
        ? endpoint === undefined
          ? { writer, role, sources }
          : { writer, role, sources, endpoint }
        : endpoint === undefined
          ? { writer, role, sources, servicePort }
          : { writer, role, sources, servicePort, endpoint };
    if (this.sink) this.sink(line.table, line.chain, line.args, prov);
    else this.output.rules.push({ table: line.table, chain: line.chain, args: line.args, prov });
  }
}
