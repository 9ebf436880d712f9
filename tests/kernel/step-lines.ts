// A compact one-line form of kernel steps, for exact assertions in tests:
//   "INPUT filter/SUB #2 -A SUB -p tcp -m tcp --dport 2 -j DROP => DROP"
//   "FORWARD filter/FORWARD policy ACCEPT"
// With `withPacket`, the packet as the chain saw it is appended: " [eth0>cni0 192.168.50.100:40000>10.244.1.5:8080]".
import type { KernelStep } from './scenario.ts';

export function stepLine(s: KernelStep, withPacket = false): string {
  const what =
    s.kind === 'policy'
      ? `policy ${s.verdict}`
      : `#${s.rule ?? '?'} ${s.ruleText ?? ''} => ${s.verdict}${s.target ? `:${s.target}` : ''}`;
  const p = s.packet;
  const packet =
    withPacket && p
      ? ` [${p.in ?? '-'}>${p.out ?? '-'} ${p.src}${p.sport === null ? '' : `:${p.sport}`}>${p.dst}${p.dport === null ? '' : `:${p.dport}`}${p.mark ? ` mark=0x${p.mark.toString(16)}` : ''}]`
      : '';
  return `${s.hook ?? '?'} ${s.table}/${s.chain} ${what}${packet}`;
}

export function stepLines(steps: readonly KernelStep[], withPacket = false): string[] {
  return steps.map((s) => stepLine(s, withPacket));
}
