// Runs `xtables-monitor --trace --event` in the host namespace and collects what it prints.
// stdbuf makes its stdout line-buffered (event lines are not flushed otherwise). It is ready when
// it prints the event of a chain we add after starting it: from then on no trace line can be lost.
// In an IPv6 lab it runs `nft -a monitor` instead (nft-trace.ts reads it; FINDINGS.md says why).
import { spawn, type ChildProcess } from 'node:child_process';
import { inNetns, runIn } from './run.ts';
import { HARNESS_TABLE } from './loader.ts';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class XtablesMonitor {
  private readonly lines: string[] = [];
  private partial = '';
  private lastLineAt = 0;
  private stderr = '';
  private exited = false;

  private constructor(private readonly child: ChildProcess) {
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      const parts = (this.partial + chunk).split('\n');
      this.partial = parts.pop() ?? '';
      this.lines.push(...parts);
      this.lastLineAt = Date.now();
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => (this.stderr += chunk));
    child.on('exit', () => (this.exited = true));
  }

  /** `family`: the nft family of the harness table already loaded in `hostNs`. */
  static async start(
    hostNs: string,
    timeoutMs = 3000,
    family: 'ip' | 'ip6' = 'ip',
  ): Promise<XtablesMonitor> {
    const tool =
      family === 'ip6' ? ['nft', '-a', 'monitor'] : ['xtables-monitor', '--trace', '--event'];
    const [cmd = 'ip', ...args] = inNetns(hostNs, ['stdbuf', '-oL', ...tool]);
    const monitor = new XtablesMonitor(spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] }));
    const deadline = Date.now() + timeoutMs;
    for (let n = 0; Date.now() < deadline; n++) {
      runIn(hostNs, ['nft', 'add', 'chain', family, HARNESS_TABLE, `ready${n}`]);
      await sleep(20 + 10 * n);
      if (monitor.lines.some((line) => line.includes(HARNESS_TABLE))) return monitor;
      if (monitor.exited) break;
    }
    await monitor.stop();
    throw new Error(`xtables-monitor did not start: ${monitor.stderr.trim() || 'no event seen'}`);
  }

  get lineCount(): number {
    return this.lines.length;
  }

  linesFrom(start: number): string[] {
    return this.lines.slice(start);
  }

  /**
   * Waits until the packet just sent has been traced: some line after `start` arrived (up to
   * `firstMs`), then nothing new for `quietMs`. The kernel emits a packet's trace while it handles
   * the packet, so a quiet gap means its walk (and any packet it caused) is over.
   */
  async settle(start: number, firstMs = 1500, quietMs = 120): Promise<void> {
    const firstDeadline = Date.now() + firstMs;
    while (this.lines.length <= start && Date.now() < firstDeadline && !this.exited) await sleep(5);
    while (Date.now() - this.lastLineAt < quietMs && !this.exited) await sleep(10);
  }

  async stop(): Promise<string> {
    if (!this.exited) {
      this.child.kill('SIGTERM');
      const deadline = Date.now() + 1000;
      while (!this.exited && Date.now() < deadline) await sleep(5);
    }
    return this.lines.join('\n');
  }
}
