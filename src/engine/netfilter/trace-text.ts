/** One line per trace step, for people (the CLI's text output and test failure messages). */
import { formatRewriteValue, rewriteFieldName } from './rewrite-format.ts';
import type { TraceResult, TraceStep } from './trace.ts';

function where(s: { hook: string; table?: string; chain?: string }): string {
  return [s.hook, s.table, s.chain].filter(Boolean).join(' ');
}

export function describeStep(s: TraceStep): string {
  switch (s.kind) {
    case 'hook-enter':
      return `${s.loopback ? '(loopback) ' : ''}${s.hook} in=${s.in ?? '-'} out=${s.out ?? '-'}${s.physIn !== undefined ? ` physin=${s.physIn ?? '?'} physout=${s.physOut ?? '?'}` : ''}`;
    case 'table-enter':
      return `  ${s.table} (priority ${s.priority})`;
    case 'table-skip':
      return `  ${s.table} skipped (${s.reason})`;
    case 'rule':
      return `    ${s.matched ? 'match' : 'no   '} ${s.chain}#${s.rule} ${s.ruleText}${s.failed ? `  [failed: ${s.failed.part === 'core' ? s.failed.option : `-m ${s.failed.module}`}]` : ''}`;
    case 'skip':
      return `    skip  ${s.chain}#${s.from}${s.count > 1 ? `–#${s.to}` : ''} (${s.count} rule${s.count > 1 ? 's' : ''} whose -d excludes ${s.packet.dst})`;
    case 'jump':
    case 'goto':
      return `    ${s.kind} ${s.chain} → ${s.target}`;
    case 'return':
      return `    return ${s.chain} → ${s.to}${s.rule === null ? ' (end of chain)' : ''}`;
    case 'policy':
      return `    policy ${where(s)}: ${s.verdict}`;
    case 'verdict':
      return `    ${s.target} → ${s.verdict}${s.rejectWith ? ` (${s.rejectWith})` : ''}`;
    case 'nat':
      return `    ${s.type} ${endpoint(s.before.addr, s.before.port)} → ${endpoint(s.after.addr, s.after.port)}${s.fromConntrack ? ' (from conntrack)' : ''}`;
    case 'mark':
      return `    ${s.what} 0x${s.from.toString(16)} → 0x${s.to.toString(16)}`;
    case 'rewrite':
      return `${s.table ? '    ' : '  '}${s.target ?? 'kernel'}: ${rewriteFieldName(s.field, s.packet.dst)} ${formatRewriteValue(s.field, s.from)} → ${formatRewriteValue(s.field, s.to)}${s.note ? ` (${s.note})` : ''}`;
    case 'conntrack':
      return `  conntrack ${s.op}: ${s.state}${s.direction ? ` (${s.direction})` : ''}${s.note ? ` — ${s.note}` : ''}`;
    case 'route':
      return `  route: ${s.decision}${s.outInterface ? ` via ${s.outInterface}` : ''}${s.via ? ` gw ${s.via}` : ''}${s.note ? ` — ${s.note}` : ''}`;
    case 'unknown-module':
      return `    unknown ${s.role} ${s.module}: assumed ${s.assumed}`;
    case 'random':
      return `    random ${s.matched ? 'matched' : 'missed'} (p=${s.probability})`;
    case 'recent':
      return `    recent --${s.command} ${s.list} ${s.address}: ${s.found ? 'found' : 'not found'}${s.matched ? '' : ' (no match)'}`;
    case 'target':
      return `    ${s.target}: ${s.note}`;
    case 'jump-loop':
    case 'jump-depth':
      return `    ${s.kind} at ${s.chain}#${s.rule}: ${s.note}`;
  }
}

/** `10.0.0.1:80`, or `[fd00::1]:80` so an IPv6 address's last group is not read as the port. */
function endpoint(addr: string, port: number | null): string {
  if (port === null) return addr;
  return addr.includes(':') ? `[${addr}]:${port}` : `${addr}:${port}`;
}

export function describeResult(r: TraceResult): string {
  const p = r.packet;
  const ends = `${p.proto} ${endpoint(p.src, p.sport)} → ${endpoint(p.dst, p.dport)}`;
  const fate =
    r.fate === 'forward' || r.fate === 'output' ? `${r.fate} via ${r.outInterface}` : r.fate;
  return `${r.verdict}: ${fate}; ${ends}${r.reason ? ` (${r.reason})` : ''}${r.dependsOn ? ` — depends on ${r.dependsOn.join(', ')}` : ''}`;
}
