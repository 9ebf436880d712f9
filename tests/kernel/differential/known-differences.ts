// The disagreements between the project's parser and iptables 1.8.9 (nf_tables) that are known
// and kept, each with why. The differential test fails on any disagreement not listed here.
export type DifferenceKind = 'parser refuses' | 'parser accepts' | 'print differs';

export interface KnownDifference {
  kind: DifferenceKind;
  /** whether it explains this rule line (`-A CHAIN …`) in this table, given iptables' error */
  applies(line: string, table: string, error: string): boolean;
  why: string;
}

export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [];
