/**
 * The subcommands, each loaded only when it runs: `print` of a 100,000-rule dump should not
 * wait for the cluster compiler and the YAML reader to be read and compiled (the bundle is split
 * per command, scripts/build-cli.mjs).
 */
import type { Command } from '../command.ts';

export interface CommandEntry {
  name: string;
  /** one line for the command list in `--help` */
  summary: string;
  load(): Promise<Command>;
}

export const commands: readonly CommandEntry[] = [
  {
    name: 'parse',
    summary: 'parse a ruleset and print it as JSON (tables, chains, rules, diagnostics)',
    load: async () => (await import('./parse.ts')).parseCommand,
  },
  {
    name: 'print',
    summary: 'print a ruleset as canonical iptables-save, iptables -S or iptables -L -n -v text',
    load: async () => (await import('./print.ts')).printCommand,
  },
  {
    name: 'trace',
    summary: 'trace packets through a ruleset on a host: every hook, table, chain and rule',
    load: async () => (await import('./trace.ts')).traceCommand,
  },
  {
    name: 'compile',
    summary: 'compile Kubernetes YAML into the iptables rules kube-proxy writes on a node',
    load: async () => (await import('./compile.ts')).compileCommand,
  },
  {
    name: 'journey',
    summary: 'follow a connection across the cluster: every node it crosses, the NAT, the reply',
    load: async () => (await import('./journey.ts')).journeyCommand,
  },
  {
    name: 'lessons',
    summary: 'list the guided lessons, or check that every lesson plays through (lessons check)',
    load: async () => (await import('./lessons.ts')).lessonsCommand,
  },
];
