/**
 * Values shared by the DSCP and TOS targets and matches (and the packet file): the DiffServ class
 * names iptables accepts for `--set-dscp-class` / `--dscp-class`, and the old TOS names of
 * `--set-tos` / `--tos`. The TOS byte holds the DSCP in its upper six bits and ECN in the lower two.
 */
import { parseUint } from './values.ts';

/** RFC 2474/2597/3246 class selectors, assured forwarding and expedited forwarding. */
const DSCP_CLASSES: Readonly<Record<string, number>> = {
  CS0: 0x00,
  CS1: 0x08,
  CS2: 0x10,
  CS3: 0x18,
  CS4: 0x20,
  CS5: 0x28,
  CS6: 0x30,
  CS7: 0x38,
  BE: 0x00,
  AF11: 0x0a,
  AF12: 0x0c,
  AF13: 0x0e,
  AF21: 0x12,
  AF22: 0x14,
  AF23: 0x16,
  AF31: 0x1a,
  AF32: 0x1c,
  AF33: 0x1e,
  AF41: 0x22,
  AF42: 0x24,
  AF43: 0x26,
  EF: 0x2e,
};

export const DSCP_CLASS_NAMES: readonly string[] = Object.keys(DSCP_CLASSES);

/** A class name in any case (iptables compares without case), or undefined. */
export function dscpOfClass(name: string): number | undefined {
  const key = name.toUpperCase();
  return Object.hasOwn(DSCP_CLASSES, key) ? DSCP_CLASSES[key] : undefined;
}

/** The old TOS names; written alone they clear only the six bits of the former TOS field. */
const TOS_NAMES: readonly (readonly [string, number])[] = [
  ['Minimize-Delay', 0x10],
  ['Maximize-Throughput', 0x08],
  ['Maximize-Reliability', 0x04],
  ['Minimize-Cost', 0x02],
  ['Normal-Service', 0x00],
];

export interface TosValueMask {
  value: number;
  mask: number;
}

/**
 * `0x10`, `0x10/0x3f` or a TOS name, as iptables reads them: a number alone has the mask 0xff, a
 * name the mask 0x3f; both parts are bytes.
 */
export function parseTosValueMask(text: string): TosValueMask | undefined {
  const named = TOS_NAMES.find(([n]) => n.toLowerCase() === text.toLowerCase());
  if (named) return { value: named[1], mask: 0x3f };
  const slash = text.indexOf('/');
  const value = parseUint(slash < 0 ? text : text.slice(0, slash), 0xff);
  const mask = slash < 0 ? 0xff : parseUint(text.slice(slash + 1), 0xff);
  return value === undefined || mask === undefined ? undefined : { value, mask };
}

/** `0x08`: two hex digits, as iptables prints DSCP and TOS values. */
export function hex2(v: number): string {
  return `0x${v.toString(16).padStart(2, '0')}`;
}

/** The ECN codepoints of the TOS byte's two low bits, by name. */
export const ECN_NAMES: readonly string[] = ['Not-ECT', 'ECT(1)', 'ECT(0)', 'CE'];

export const dscpOf = (tos: number): number => tos >>> 2;
export const ecnOf = (tos: number): number => tos & 0x03;
