/**
 * `iptables -S` and `iptables -L` never print the table they list. These helpers find it again:
 * from a heading line the user pasted with the output (`# iptables -t nat -S`, `# table: nat`),
 * or from the built-in chains and the targets a block of output shows. They also tell where one
 * table's output ends when several were pasted one after another.
 */
import { BUILTIN_CHAINS, BUILTIN_TABLES, type TableName } from './model.ts';

/** Targets the kernel allows in one table only: seeing one settles the table. */
const TABLE_OF_TARGET: Readonly<Record<string, TableName>> = {
  DNAT: 'nat',
  SNAT: 'nat',
  MASQUERADE: 'nat',
  REDIRECT: 'nat',
  NETMAP: 'nat',
  CT: 'raw',
  NOTRACK: 'raw',
  TPROXY: 'mangle',
  SECMARK: 'security',
  CONNSECMARK: 'security',
};

/** When the chains fit several tables, the one people paste most often wins. */
const PREFERENCE: readonly TableName[] = ['filter', 'nat', 'mangle', 'raw', 'security'];

/** `iptables …` at the start of a line or after a shell prompt (`[root@node /]# `, `$ `). */
const COMMAND = /^(?:[^\n]{0,80}?[#$>]\s*)?(?:sudo\s+)?ip6?tables(?:-legacy|-nft)?(?=\s|$)(.*)$/;

/**
 * The table a heading line names, `filter` for an `iptables -S`/`-L` command without `-t` (the
 * default table), or undefined when the line names none.
 */
export function tableFromHeading(line: string): string | undefined {
  const text = line.trim();
  const label = /^#\s*table\s*[:=]?\s*([A-Za-z]+)\s*$/i.exec(text);
  if (label) return label[1]!.toLowerCase();
  const cmd = COMMAND.exec(text);
  if (!cmd) return undefined;
  const args = cmd[1] ?? '';
  const t = /\s(?:-t\s*|--table[=\s]\s*)([A-Za-z]+)/.exec(args);
  if (t) return t[1]!.toLowerCase();
  // -S, -L and their combined forms (-nvL), --list, --list-rules
  return /\s(?:-[A-Za-z]*[SL][A-Za-z]*|--list(?:-rules)?)(?=\s|$)/.test(args)
    ? 'filter'
    : undefined;
}

/** Lines a user may paste around the output: comments, shell prompts and the command itself. */
export function isHeadingLine(line: string): boolean {
  const text = line.trimStart();
  return text.startsWith('#') || text.startsWith('$') || COMMAND.test(text.trimEnd());
}

/**
 * Whether a built-in chain's header (`-P CHAIN` or `Chain CHAIN (policy …)`) starts the output of
 * another table: iptables lists built-in chains first, each once, in hook order.
 */
export function startsNewTable(
  seenBuiltins: readonly string[],
  sawUserChainOrRule: boolean,
  chain: string,
): boolean {
  if (seenBuiltins.length === 0) return false;
  if (sawUserChainOrRule || seenBuiltins.includes(chain)) return true;
  const next = [...seenBuiltins, chain];
  return !BUILTIN_TABLES.some((t) => isOrderedSubset(next, BUILTIN_CHAINS[t]));
}

function isOrderedSubset(names: readonly string[], order: readonly string[]): boolean {
  let at = 0;
  for (const n of names) {
    const i = order.indexOf(n, at);
    if (i < 0) return false;
    at = i + 1;
  }
  return true;
}

export interface TableGuess {
  table: string;
  /** false when nothing pinned the table down and a default was taken */
  certain: boolean;
  reason: string;
}

/**
 * Picks the table whose built-in chains and allowed targets fit what a block of output shows,
 * avoiding tables already taken by earlier blocks of the same paste.
 */
export function guessTable(
  builtins: readonly string[],
  targets: ReadonlySet<string>,
  taken: ReadonlySet<string>,
): TableGuess {
  const fits = BUILTIN_TABLES.filter((t) => builtins.every((c) => BUILTIN_CHAINS[t].includes(c)));
  const free = (t: TableName) => !taken.has(t);
  for (const target of targets) {
    const t = TABLE_OF_TARGET[target];
    if (t && fits.includes(t))
      return {
        table: t,
        certain: true,
        reason: `target ${target} is only allowed in the ${t} table`,
      };
  }
  const exact = fits.filter((t) => BUILTIN_CHAINS[t].length === builtins.length);
  const exactPick =
    PREFERENCE.find((t) => exact.includes(t) && free(t)) ??
    PREFERENCE.find((t) => exact.includes(t));
  if (exactPick)
    return {
      table: exactPick,
      certain: true,
      reason: `its built-in chains are exactly those of the ${exactPick} table`,
    };
  const pick =
    PREFERENCE.find((t) => fits.includes(t) && free(t)) ??
    PREFERENCE.find((t) => fits.includes(t)) ??
    'filter';
  const why = builtins.length
    ? `built-in chains ${builtins.join(', ')} fit it`
    : 'it is the default table';
  return { table: pick, certain: false, reason: why };
}
