/** A mistake in how the command line was used (exit status 2), as opposed to a bad ruleset (1). */
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
