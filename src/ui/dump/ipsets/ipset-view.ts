/**
 * What the ipset panel shows of a text: the sets read (with what the simulator cannot test),
 * the text's problems, and the sets the dump's rules name that the text lacks, each once.
 */
import { readIpsetText, type IpsetDiagnostic } from '../../../engine/netfilter/index.ts';

export interface SetRow {
  name: string;
  type: string;
  members: number;
  ipv6: boolean;
  /** members the simulator keeps but cannot test a packet against */
  untested: number;
}

export interface SetUseRow {
  name: string;
  rules: number;
  line: number;
}

export interface IpsetView {
  sets: SetRow[];
  problems: IpsetDiagnostic[];
  missing: SetUseRow[];
}

export function ipsetView(text: string, uses: readonly SetUseRow[]): IpsetView {
  const read = text.trim() === '' ? null : readIpsetText(text);
  const sets = (read?.sets ?? []).map((s) => ({
    name: s.name,
    type: s.type,
    members: s.members.length,
    ipv6: s.family === 'inet6',
    untested: s.family === 'inet6' ? 0 : s.members.filter((m) => m.unsupported).length,
  }));
  const known = new Set(sets.map((s) => s.name));
  return {
    sets,
    // info lines (an IPv6 set, an untested member) are in the table already
    problems: (read?.diagnostics ?? []).filter((d) => d.severity !== 'info'),
    missing: uses.filter((u) => !known.has(u.name)),
  };
}
