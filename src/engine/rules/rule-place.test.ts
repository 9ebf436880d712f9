import { describe, expect, it } from 'vitest';
import { parseRuleset } from './parse.ts';

const errors = (table: string, chain: string, rule: string) =>
  parseRuleset(
    `*${table}\n:${chain} ${chain === 'USER' ? '-' : 'ACCEPT'} [0:0]\n-A ${chain} ${rule}\nCOMMIT\n`,
    {
      format: 'save',
    },
  ).diagnostics.filter((d) => d.severity === 'error');

describe('checks of a rule against its table and chain', () => {
  it('refuses -i in OUTPUT and POSTROUTING, -o in PREROUTING and INPUT, as iptables does', () => {
    expect(errors('filter', 'OUTPUT', '-i eth0 -j ACCEPT')).toHaveLength(1);
    expect(errors('nat', 'POSTROUTING', '-i eth0 -j ACCEPT')).toHaveLength(1);
    expect(errors('mangle', 'PREROUTING', '! -o eth0 -j ACCEPT')[0]).toMatchObject({
      code: 'target-not-allowed',
      column: 17,
    });
    expect(errors('filter', 'INPUT', '-o lo -j ACCEPT')).toHaveLength(1);
    expect(errors('filter', 'INPUT', '-i lo -j ACCEPT')).toEqual([]);
    // a user chain is checked by the chains that jump to it, not here
    expect(errors('filter', 'USER', '-o lo -j ACCEPT')).toEqual([]);
  });

  it('refuses DROP in the nat table and "! -p all"', () => {
    expect(errors('nat', 'PREROUTING', '-j DROP')).toHaveLength(1);
    expect(errors('filter', 'INPUT', '! -p all -j ACCEPT')).toHaveLength(1);
    expect(errors('filter', 'INPUT', '-p all -j DROP')).toEqual([]);
  });
});
