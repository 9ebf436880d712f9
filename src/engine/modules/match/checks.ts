/**
 * Checks iptables makes for every match before the kernel sees it: an option given twice, a
 * required option left out, options that exclude each other, a match that needs `-p PROTO`.
 */
import type { ModuleContext, ParsedOption } from '../types.ts';

/** Reports each repetition of an option the module takes once (iptables: "can only be used once"). */
export function reportRepeated(
  module: string,
  options: readonly ParsedOption[],
  ctx: ModuleContext,
): void {
  const seen = new Set<string>();
  for (const o of options) {
    if (seen.has(o.name))
      ctx.report('syntax', `${module}: --${o.name} may be given only once`, o.span);
    seen.add(o.name);
  }
}

/** Reports, at the `-m NAME` words, that none of `names` was given. */
export function requireOneOf(
  module: string,
  options: readonly ParsedOption[],
  names: readonly string[],
  ctx: ModuleContext,
): boolean {
  if (options.some((o) => names.includes(o.name))) return true;
  const at = ctx.span ?? options[0]?.span;
  const list = names.map((n) => `--${n}`).join(' or ');
  if (at) ctx.report('missing-argument', `-m ${module} needs ${list}`, at);
  return false;
}

/** Reports the second of two options that cannot be used together. */
export function reportExclusive(
  module: string,
  options: readonly ParsedOption[],
  names: readonly string[],
  ctx: ModuleContext,
): void {
  const first = options.find((o) => names.includes(o.name));
  for (const o of options)
    if (first && o !== first && names.includes(o.name) && o.name !== first.name)
      ctx.report(
        'syntax',
        `${module}: --${o.name} cannot be used together with --${first.name}`,
        o.span,
      );
}

/** tcp, udp and icmp read the header of their own protocol only: iptables wants `-p PROTO` first. */
export function requireProtocol(
  module: string,
  protocols: readonly string[],
  ctx: ModuleContext,
): void {
  if (ctx.protocol !== undefined && protocols.includes(ctx.protocol)) return;
  const want = protocols.map((p) => `-p ${p}`).join(' or ');
  if (ctx.span)
    ctx.report('bad-protocol', `-m ${module} needs ${want} earlier in the rule`, ctx.span);
}
