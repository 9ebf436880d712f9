/**
 * `-j TPROXY --on-port PORT [--on-ip ADDR] [--tproxy-mark V[/M]]` (mangle PREROUTING): hands the
 * packet to a local transparent-proxy socket without rewriting it, and marks it so policy
 * routing delivers it locally. iptables-save always prints all three options.
 */
import {
  formatIPv4,
  formatIPv6,
  parseIPv4,
  parseIPv6,
  type Family,
} from '../../rules/model-face.ts';
import { defineTarget } from '../types.ts';
import { hex, parseMarkMask, parsePort } from '../values.ts';
import { reportRepeated, requireOneOf, moduleSpan } from '../option-checks.ts';
import type { TargetEvaluator } from '../evaluate.ts';
import { wholeText, w } from '../list-text.ts';

export interface TproxyData {
  /** 0 keeps the packet's own destination port */
  port: number;
  /** `0.0.0.0` (or `::`) keeps the packet's own destination address */
  ip: string;
  markValue: number;
  markMask: number;
}

function parseAddress(text: string, family: Family): string | undefined {
  if (family === 'ipv4') {
    const v = parseIPv4(text);
    return v === undefined ? undefined : formatIPv4(v);
  }
  const g = parseIPv6(text);
  return g ? formatIPv6(g) : undefined;
}

const evaluate: TargetEvaluator = () => ({
  flow: 'unknown',
  reason: 'this target depends on sockets or state the simulator does not model',
});

const readList = wholeText(
  /^TPROXY redirect (\S+):(\d+) mark (0x[0-9a-fA-F]+\/0x[0-9a-fA-F]+)$/,
  (m) => w('--on-port', m[2], '--on-ip', m[1], '--tproxy-mark', m[3]),
);

export const tproxy = defineTarget<TproxyData>({
  name: 'TPROXY',
  evaluate,
  readList,
  flow: 'terminal',
  tables: ['mangle'],
  chains: ['PREROUTING'],
  options: [
    { name: 'on-port', args: 1 },
    { name: 'on-ip', args: 1 },
    { name: 'tproxy-mark', args: 1 },
  ],
  parse(options, ctx) {
    reportRepeated('TPROXY', options, ctx);
    requireOneOf('TPROXY', options, ['on-port'], ctx);
    if (ctx.protocol !== 'tcp' && ctx.protocol !== 'udp')
      ctx.report(
        'target-not-allowed',
        'TPROXY needs the rule to match -p tcp or -p udp',
        moduleSpan(ctx, options),
      );
    const data: TproxyData = {
      port: 0,
      ip: ctx.family === 'ipv6' ? '::' : '0.0.0.0',
      markValue: 0,
      markMask: 0,
    };
    for (const o of options) {
      const arg = o.args[0] ?? '';
      if (o.name === 'on-port') {
        // a service name or decimal digits (no hex here: iptables resolves it like a service)
        const p =
          parsePort(arg, true) ??
          (/^[0-9]{1,10}$/.test(arg) && Number(arg) <= 0xffffffff ? Number(arg) : undefined);
        if (p === undefined) ctx.report('bad-port', `--on-port needs a port, not "${arg}"`, o.span);
        else if (p > 65535) {
          // iptables keeps only the low 16 bits
          data.port = p & 0xffff;
          ctx.report(
            'bad-port',
            `port ${p} is above 65535: iptables would use ${data.port}`,
            o.span,
            'warning',
          );
        } else data.port = p;
      } else if (o.name === 'on-ip') {
        const ip = parseAddress(arg, ctx.family);
        if (ip === undefined)
          ctx.report(
            'bad-address',
            `--on-ip needs an ${ctx.family === 'ipv6' ? 'IPv6' : 'IPv4'} address, not "${arg}"`,
            o.span,
          );
        else data.ip = ip;
      } else {
        const m = parseMarkMask(arg);
        if (!m)
          ctx.report('bad-value', `"${arg}" is not a mark (expected VALUE or VALUE/MASK)`, o.span);
        else {
          data.markValue = m.value;
          data.markMask = m.mask;
        }
      }
    }
    return data;
  },
  save: (d) => [
    '--on-port',
    String(d.port),
    '--on-ip',
    d.ip,
    '--tproxy-mark',
    `${hex(d.markValue)}/${hex(d.markMask)}`,
  ],
  list: (d) => `TPROXY redirect ${d.ip}:${d.port} mark ${hex(d.markValue)}/${hex(d.markMask)}`,
  explain: (d, lang) => {
    const where = `${d.ip === '0.0.0.0' || d.ip === '::' ? (lang === 'ko' ? '원래 주소' : 'its own address') : d.ip}:${d.port === 0 ? (lang === 'ko' ? '원래 포트' : 'its own port') : d.port}`;
    return lang === 'ko'
      ? `패킷을 바꾸지 않고 로컬 투명 프록시 소켓(${where})으로 넘기고 마크 ${hex(d.markValue)}/${hex(d.markMask)} 설정 (TPROXY)`
      : `hands the packet unchanged to a local transparent-proxy socket at ${where} and sets mark ${hex(d.markValue)}/${hex(d.markMask)} (TPROXY)`;
  },
});
