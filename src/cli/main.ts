/**
 * `netfilter-lab`: the command line over the engine. Picks the subcommand and turns usage
 * mistakes into one line on stderr and exit status 2.
 */
import pkg from '../../package.json' with { type: 'json' };
import { commands } from './commands/index.ts';
import { UsageError, usageLine } from './usage-error.ts';

const PROGRAM = 'netfilter-lab';

function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const list = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n');
  return `Usage: ${PROGRAM} <command> [options]

Commands:
${list}

Options:
  -h, --help     show this help (or ${PROGRAM} <command> --help)
  -V, --version  show the version

Exit status: 0 success, 1 the input has errors, 2 usage error.`;
}

export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  // the command whose --help a usage error points to, once one is chosen
  let running: string | undefined;
  try {
    if (name === undefined)
      throw new UsageError(`missing command (one of: ${commands.map((c) => c.name).join(', ')})`);
    if (name === '-h' || name === '--help' || name === 'help') {
      process.stdout.write(`${help()}\n`);
      return 0;
    }
    if (name === '-V' || name === '--version') {
      process.stdout.write(`${pkg.version}\n`);
      return 0;
    }
    const command = commands.find((c) => c.name === name);
    if (!command)
      throw new UsageError(
        name.startsWith('-') ? `unknown option ${name}` : `unknown command "${name}"`,
      );
    running = command.name;
    return await (await command.load()).run(rest);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`${usageLine(PROGRAM, running, e)}\n`);
    return 2;
  }
}

main(process.argv.slice(2)).then(
  (status) => {
    // exitCode, not exit(): let stdout finish writing a large answer first
    process.exitCode = status;
  },
  (e: unknown) => {
    process.stderr.write(
      `${PROGRAM}: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
    );
    process.exitCode = 70;
  },
);
