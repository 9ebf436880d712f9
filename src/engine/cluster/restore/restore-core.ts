/**
 * The core options of a restore line (`-s`, `-d`, `-i`, `-o`, `-p`): read into the rule's core
 * with the parser's shared values (RuleMemo), and printed in iptables-save's order.
 */
import { flatText } from './rule-part.ts';
import {
  formatCidr,
  type Cidr,
  type Negatable,
  type RuleCore,
  type RuleMemo,
  isInterfaceName,
} from '../../rules/index.ts';

export type CoreFlag = 's' | 'd' | 'i' | 'o' | 'p';

export const CORE_FLAGS: ReadonlyMap<string, CoreFlag> = new Map([
  ['-s', 's'],
  ['-d', 'd'],
  ['-i', 'i'],
  ['-o', 'o'],
  ['-p', 'p'],
]);

/** The core of rules without core options, shared (the parser shares one too). */
export const EMPTY_CORE: RuleCore = Object.freeze({});

/** Reads one core option into `core`; false when the parser might report on it. */
export function readCore(
  memo: RuleMemo,
  core: RuleCore,
  flag: CoreFlag,
  value: string,
  negated: boolean,
): boolean {
  switch (flag) {
    case 's':
    case 'd': {
      const address = memo.address(value);
      const cidr = address.cidr;
      if (!cidr) return false;
      // iptables drops `-s 0.0.0.0/0`
      if (cidr.prefix !== 0 || negated)
        core[flag === 's' ? 'source' : 'destination'] = memo.coreAddress(address, cidr, negated);
      return true;
    }
    case 'i':
    case 'o':
      if (!isInterfaceName(value)) return false;
      core[flag === 'i' ? 'inInterface' : 'outInterface'] = memo.interfaces.get(value, negated);
      return true;
    case 'p': {
      const proto = memo.protocol(value);
      if (proto === undefined) return false;
      if (proto !== 'all' || negated) core.protocol = memo.protocolValues.get(proto, negated);
      return true;
    }
  }
}

/** Prints cores, each address printed once (most are shared by many rules). */
export class CorePrinter {
  private readonly cidrs = new Map<Negatable<Cidr>, string>();

  /** The core options in iptables' order, each with the space before it. */
  text(core: RuleCore): string {
    if (core === EMPTY_CORE) return '';
    let s = '';
    if (core.source) s += this.option('-s', core.source.negated, this.cidr(core.source));
    if (core.destination)
      s += this.option('-d', core.destination.negated, this.cidr(core.destination));
    if (core.inInterface) s += this.option('-i', core.inInterface.negated, core.inInterface.value);
    if (core.outInterface)
      s += this.option('-o', core.outInterface.negated, core.outInterface.value);
    if (core.protocol) s += this.option('-p', core.protocol.negated, core.protocol.value);
    return flatText(s);
  }

  private option(flag: string, negated: boolean, value: string): string {
    return `${negated ? ' ! ' : ' '}${flag} ${value}`;
  }

  private cidr(v: Negatable<Cidr>): string {
    let t = this.cidrs.get(v);
    if (t === undefined) this.cidrs.set(v, (t = formatCidr(v.value)));
    return t;
  }
}
