/** How a rewritten field's value reads in the trace text and the app: as iptables prints it. */
import { DSCP_CLASS_NAMES, dscpOfClass, ECN_NAMES, hex2 } from '../modules/dscp-tos.ts';
import { TCP_CWR, TCP_ECE } from './packet.ts';
import type { RewriteField } from './trace.ts';

/** `1:10` (hex major:minor), as CLASSIFY writes a class. */
export function formatClass(priority: number): string {
  return `${(priority >>> 16).toString(16)}:${(priority & 0xffff).toString(16)}`;
}

export function formatRewriteValue(field: RewriteField, v: number): string {
  switch (field) {
    case 'ttl':
    case 'length':
      return String(v);
    case 'mss':
      return v < 0 ? 'none' : String(v);
    case 'tos':
      return hex2(v);
    case 'dscp': {
      const name = DSCP_CLASS_NAMES.find((n) => n !== 'BE' && dscpOfClass(n) === v);
      return name ? `${hex2(v)} (${name})` : hex2(v);
    }
    case 'ecn':
      return `${v} (${ECN_NAMES[v & 3]})`;
    case 'tcp-ecn': {
      const names = [v & TCP_ECE ? 'ECE' : '', v & TCP_CWR ? 'CWR' : ''].filter(Boolean);
      return names.length ? names.join(',') : 'no ECE/CWR';
    }
    case 'priority':
      return formatClass(v);
  }
}

/** The field's name as a person reads it in a trace line. */
export const REWRITE_FIELD_NAMES: Readonly<Record<RewriteField, string>> = {
  ttl: 'TTL',
  tos: 'TOS',
  dscp: 'DSCP',
  ecn: 'ECN',
  'tcp-ecn': 'TCP ECN flags',
  mss: 'MSS',
  length: 'length',
  priority: 'priority',
};

/** The field's name for the packet's family: IPv6 calls the TTL the hop limit. */
export function rewriteFieldName(field: RewriteField, dst: string): string {
  return field === 'ttl' && dst.includes(':') ? 'hop limit' : REWRITE_FIELD_NAMES[field];
}
