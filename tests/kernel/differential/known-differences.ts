// The disagreements between the project's parser and iptables 1.8.9 (nf_tables) that are known
// and kept, each with why. The differential test fails on any disagreement not listed here.
export type DifferenceKind = 'parser refuses' | 'parser accepts' | 'print differs';

export interface KnownDifference {
  kind: DifferenceKind;
  /** whether it explains this rule line (`-A CHAIN …`) in this table, given iptables' error */
  applies(line: string, table: string, error: string): boolean;
  why: string;
}

export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  {
    kind: 'parser accepts',
    applies: (line, _table, error) =>
      /!\s+-[sd]\s+\S+\/0(\s|$)/.test(line) && /Invalid argument/.test(error),
    why: 'iptables-nft cannot load "! -s ADDR/0" (the kernel refuses a compare of no bits); iptables-legacy loads it, and the project reads it as legacy does',
  },
  {
    kind: 'parser accepts',
    applies: (line, _table, error) =>
      /-j\s+CT\b/.test(line) &&
      /No such file|Invalid argument/.test(error) &&
      /--helper|--timeout/.test(line),
    why: 'CT --helper and --timeout name kernel objects (a conntrack helper module, a timeout policy made with nfct) that the test namespace does not have; a dump comes from a node that has them',
  },
  {
    kind: 'parser accepts',
    applies: (_line, _table, error) => /Set \S+ doesn't exist/.test(error),
    why: "-m set names an ipset, which exists only on the node the dump came from: the parser cannot know the node's sets",
  },
  {
    kind: 'print differs',
    applies: (line) => /-j\s+NFLOG\b.*--nflog-range/.test(line),
    why: 'iptables-nft drops --nflog-range (it never had an effect); iptables-legacy-save prints it, so the project keeps it with a warning',
  },
  {
    kind: 'print differs',
    applies: (line) => (line.match(/-m\s+tcp\b/g) ?? []).length > 1,
    why: 'iptables-nft turns two -m tcp matches into one set of payload expressions and saves them as one match, the later option overwriting the earlier; the project keeps both, as the kernel checks both under iptables-legacy',
  },
  {
    kind: 'parser accepts',
    applies: (line, _table, error) =>
      /--(uid|gid)-owner\s+[a-z]/.test(line) && /Bad value/.test(error),
    why: "-m owner names a user or group, which iptables looks up on the machine that loads the rule; the parser cannot know the node's users, so it keeps the name",
  },
];
