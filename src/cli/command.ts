/** One subcommand of `netfilter-lab`: its help text and what it does. Returns the exit status. */
export interface Command {
  name: string;
  /** the full text of `netfilter-lab NAME --help` */
  help: string;
  run(args: readonly string[]): Promise<number>;
}

/** 0: the ruleset has no error; 1: it has at least one (usage errors, 2, never get this far). */
export function exitStatus(errors: number): number {
  return errors > 0 ? 1 : 0;
}
