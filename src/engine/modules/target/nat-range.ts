/** The `ADDR[-ADDR][:PORT[-PORT]]` ranges of DNAT and SNAT (`--to-destination`, `--to-source`). */
import { formatIPv4, parseIPv4 } from '../../rules/address.ts';
import { parsePort } from '../values.ts';

export interface NatRange {
  /** first and last address, dotted IPv4; absent for a port-only range (`:8080`) */
  minIp?: string;
  maxIp?: string;
  minPort?: number;
  maxPort?: number;
}

export function parseNatRange(text: string): NatRange | undefined {
  const colon = text.indexOf(':');
  const ipPart = colon < 0 ? text : text.slice(0, colon);
  const portPart = colon < 0 ? undefined : text.slice(colon + 1);
  const range: NatRange = {};
  if (ipPart !== '') {
    const dash = ipPart.indexOf('-');
    const a = parseIPv4(dash < 0 ? ipPart : ipPart.slice(0, dash));
    const b = dash < 0 ? a : parseIPv4(ipPart.slice(dash + 1));
    if (a === undefined || b === undefined || b < a) return undefined;
    range.minIp = formatIPv4(a);
    range.maxIp = formatIPv4(b);
  }
  if (portPart !== undefined) {
    const dash = portPart.indexOf('-');
    const p = parsePort(dash < 0 ? portPart : portPart.slice(0, dash));
    const q = dash < 0 ? p : parsePort(portPart.slice(dash + 1));
    if (p === undefined || q === undefined || q < p) return undefined;
    range.minPort = p;
    range.maxPort = q;
  }
  if (range.minIp === undefined && range.minPort === undefined) return undefined;
  return range;
}

export function formatNatRange(r: NatRange): string {
  let s = '';
  if (r.minIp !== undefined) s += r.minIp === r.maxIp || r.maxIp === undefined ? r.minIp : `${r.minIp}-${r.maxIp}`;
  if (r.minPort !== undefined) s += `:${r.minPort === r.maxPort || r.maxPort === undefined ? r.minPort : `${r.minPort}-${r.maxPort}`}`;
  return s;
}
