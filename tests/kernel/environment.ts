// Decides whether the kernel tests can run here. They need root (network namespaces), iproute2,
// iptables (nf_tables backend) with xtables-monitor, nft (for the harness's own trace table) and a
// python3. When something is missing the tests skip with this reason instead of failing.
import { existsSync } from 'node:fs';
import { hasCommand, run } from './run.ts';

export interface KernelEnvironment {
  ok: boolean;
  /** Why the kernel tests cannot run (empty when ok). */
  reason: string;
  python: string;
  /** iptables-legacy-restore is present (legacy backend can be loaded). */
  legacyAvailable: boolean;
}

let cached: KernelEnvironment | undefined;

function pickPython(): string | null {
  // Debian's own interpreter first: a pyenv shim starts much slower and may lack nothing we need.
  if (existsSync('/usr/bin/python3')) return '/usr/bin/python3';
  return hasCommand('python3') ? 'python3' : null;
}

export function kernelEnvironment(): KernelEnvironment {
  if (cached) return cached;
  const fail = (reason: string): KernelEnvironment =>
    (cached = { ok: false, reason, python: '', legacyAvailable: false });
  if (process.platform !== 'linux') return fail('kernel tests need Linux');
  if (process.getuid?.() !== 0)
    return fail('kernel tests need root (network namespaces, iptables)');
  for (const tool of ['ip', 'iptables-restore', 'xtables-monitor', 'nft', 'stdbuf']) {
    if (!hasCommand(tool))
      return fail(`kernel tests need \`${tool}\` (apt-get install iproute2 iptables nftables)`);
  }
  const version = run(['iptables', '-V'], { allowFailure: true }).stdout;
  if (!version.includes('nf_tables'))
    return fail(`iptables is not the nf_tables variant: ${version.trim()}`);
  const python = pickPython();
  if (python === null) return fail('kernel tests need python3 for the packet sender');
  // Creating a namespace is the real test of privilege (a container may forbid it even to root).
  const probe = `nlk-probe-${process.pid}`;
  const added = run(['ip', 'netns', 'add', probe], { allowFailure: true });
  if (added.status !== 0) return fail(`cannot create a network namespace: ${added.stderr.trim()}`);
  run(['ip', 'netns', 'del', probe], { allowFailure: true });
  return (cached = {
    ok: true,
    reason: '',
    python,
    legacyAvailable: hasCommand('iptables-legacy-restore'),
  });
}

/**
 * Title for a describe block of kernel tests. When they cannot run, the title carries the reason
 * and it is also printed once, so a skipped kernel suite never passes silently.
 */
export function kernelSuiteTitle(name: string): string {
  const env = kernelEnvironment();
  if (env.ok) return name;
  console.warn(`kernel tests skipped (${name}): ${env.reason}`);
  return `${name} — SKIPPED: ${env.reason}`;
}
