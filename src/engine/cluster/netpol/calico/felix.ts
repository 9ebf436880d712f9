/**
 * One felix rule, written twice: in felix's own spelling, which its `cali:` hash is taken over
 * (`-A CHAIN HASH <comments> <match> <action>`, long option names, `--set-mark`, `0/0x20000`),
 * and as the iptables-restore words iptables-save prints back (`-s/-d/-i/-o/-p` first, the hash
 * comment before the others, `--dports`, `--set-xmark`, `0x0/…`).
 */
import { ruleHashes } from './names.ts';

export type Fragment =
  | { kind: 'in' | 'out'; iface: string }
  | { kind: 'proto'; felix: string; save: string }
  | { kind: 'src' | 'dst'; cidr: string }
  | { kind: 'set'; name: string; dirs: string; negate?: boolean }
  | { kind: 'dports'; ports: string }
  | { kind: 'mark'; value: number; mask: number; negate?: boolean }
  | { kind: 'ctstate'; states: string; negate?: boolean };

export type Action =
  | { kind: 'jump' | 'goto'; chain: string }
  | { kind: 'set-mark'; value: number; mask: number }
  | { kind: 'masquerade'; randomFully: boolean };

export interface FelixRule {
  comments: string[];
  match: Fragment[];
  /** null: a rule that only carries comments (an empty policy or profile chain) */
  action: Action | null;
}

const hex = (n: number): string => `0x${n.toString(16)}`;
/** felix writes a zero value as `0`, iptables-save as `0x0` */
const felixHex = (n: number): string => (n === 0 ? '0' : hex(n));
const quoted = (s: string): string => `"${s}"`;

function felixFragment(f: Fragment): string {
  switch (f.kind) {
    case 'in':
      return `--in-interface ${f.iface}`;
    case 'out':
      return `--out-interface ${f.iface}`;
    case 'proto':
      return `-p ${f.felix}`;
    case 'src':
      return `--source ${f.cidr}`;
    case 'dst':
      return `--destination ${f.cidr}`;
    case 'set':
      return `-m set${f.negate ? ' !' : ''} --match-set ${f.name} ${f.dirs}`;
    case 'dports':
      return `-m multiport --destination-ports ${f.ports}`;
    case 'mark':
      return `-m mark${f.negate ? ' !' : ''} --mark ${felixHex(f.value)}/${hex(f.mask)}`;
    case 'ctstate':
      return `-m conntrack${f.negate ? ' !' : ''} --ctstate ${f.states}`;
  }
}

function felixAction(a: Action): string {
  if (a.kind === 'set-mark') return `--jump MARK --set-mark ${felixHex(a.value)}/${hex(a.mask)}`;
  if (a.kind === 'masquerade') return `--jump MASQUERADE${a.randomFully ? ' --random-fully' : ''}`;
  return `${a.kind === 'jump' ? '--jump' : '--goto'} ${a.chain}`;
}

/** What felix hashes for the rule (after `-A CHAIN `). */
export function felixText(chain: string, r: FelixRule): string {
  const parts = [`-A ${chain} HASH`];
  for (const c of r.comments) parts.push(`-m comment --comment ${quoted(c)}`);
  for (const f of r.match) parts.push(felixFragment(f));
  if (r.action) parts.push(felixAction(r.action));
  return parts.join(' ');
}

const FRONT_ORDER: Fragment['kind'][] = ['src', 'dst', 'in', 'out', 'proto'];

function saveFragment(f: Fragment): string[] {
  switch (f.kind) {
    case 'in':
      return ['-i', f.iface];
    case 'out':
      return ['-o', f.iface];
    case 'proto':
      return ['-p', f.save];
    case 'src':
      return ['-s', f.cidr];
    case 'dst':
      return ['-d', f.cidr];
    case 'set':
      return ['-m', 'set', ...(f.negate ? ['!'] : []), '--match-set', f.name, f.dirs];
    case 'dports':
      return ['-m', 'multiport', '--dports', f.ports];
    case 'mark':
      return ['-m', 'mark', ...(f.negate ? ['!'] : []), '--mark', `${hex(f.value)}/${hex(f.mask)}`];
    case 'ctstate':
      return ['-m', 'conntrack', ...(f.negate ? ['!'] : []), '--ctstate', f.states];
  }
}

/** The restore words of the rule, with its hash comment, in the order iptables-save prints. */
export function saveWords(r: FelixRule, hash: string): string[] {
  const out: string[] = [];
  for (const kind of FRONT_ORDER)
    for (const f of r.match) if (f.kind === kind) out.push(...saveFragment(f));
  out.push('-m', 'comment', '--comment', quoted(hash));
  for (const c of r.comments) out.push('-m', 'comment', '--comment', quoted(c));
  for (const f of r.match) if (!FRONT_ORDER.includes(f.kind)) out.push(...saveFragment(f));
  const a = r.action;
  if (a?.kind === 'set-mark')
    out.push('-j', 'MARK', '--set-xmark', `${hex(a.value)}/${hex(a.mask)}`);
  else if (a?.kind === 'masquerade')
    out.push('-j', 'MASQUERADE', ...(a.randomFully ? ['--random-fully'] : []));
  else if (a) out.push(a.kind === 'jump' ? '-j' : '-g', a.chain);
  return out;
}

/** A chain's rules as restore words, each with the hash felix gives it in that chain. */
export function chainWords(
  chain: string,
  rules: readonly FelixRule[],
  hashSeed = chain,
): string[][] {
  const hashes = ruleHashes(
    hashSeed,
    rules.map((r) => felixText(hashSeed, r)),
  );
  return rules.map((r, i) => saveWords(r, hashes[i]!));
}
