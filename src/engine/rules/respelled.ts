/**
 * Warnings for core option values iptables reads in a spelling it does not print: a protocol by
 * number, alias or case (`-p 6`, `-p TCP`), an address or prefix length with a number in octal,
 * hex or with a `+` (`-s 010.0.0.1/0x10`). The rule means what iptables makes of it; the warning
 * names the spelling iptables-save prints. The save fast path leaves such lines to the full
 * reader, so that both give the warning (differential.test.ts).
 */
import type { SourceSpan } from './diagnostics.ts';
import type { Cidr } from './model.ts';
import { formatCidr, numbersRespelled } from './address.ts';
import type { ModuleContext } from '../modules/types.ts';

export function reportProtocolRespelled(
  text: string,
  protocol: string,
  at: SourceSpan,
  ctx: Pick<ModuleContext, 'report'>,
): void {
  const printed =
    protocol === 'all'
      ? 'iptables-save leaves "-p all" out'
      : `iptables-save prints -p ${protocol}`;
  ctx.report(
    'respelled',
    `read "${text}" as ${protocol}, as iptables does; ${printed}, so write it that way`,
    at,
    'warning',
  );
}

export function reportNumbersRespelled(
  items: readonly string[],
  cidrs: readonly Cidr[],
  at: SourceSpan,
  ctx: Pick<ModuleContext, 'report'>,
): void {
  const respelled = items.flatMap((item, i) =>
    numbersRespelled(item) ? [`"${item}" as ${formatCidr(cidrs[i]!)}`] : [],
  );
  if (respelled.length === 0) return;
  ctx.report(
    'respelled',
    `read ${respelled.join(', ')}, as iptables does (a leading 0 is octal, 0x hex); write it in decimal`,
    at,
    'warning',
  );
}
