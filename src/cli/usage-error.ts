/**
 * A mistake in how the command line was used (exit status 2), as opposed to a bad ruleset (1).
 * The message names neither the program nor the command: main.ts adds both, and points to the
 * `--help` of the command that was running, so every usage line reads the same way.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';

  /** @param pointToHelp whether `--help` would tell the user what they got wrong */
  constructor(
    message: string,
    readonly pointToHelp = true,
  ) {
    super(message);
  }
}

/**
 * The one stderr line for a usage error: `netfilter-lab trace: missing --rules FILE (see
 * netfilter-lab trace --help)`; without a command, the program's own `--help`.
 */
export function usageLine(program: string, command: string | undefined, e: UsageError): string {
  const who = command === undefined ? program : `${program} ${command}`;
  return `${who}: ${e.message}${e.pointToHelp ? ` (see ${who} --help)` : ''}`;
}
