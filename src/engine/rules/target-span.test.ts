import { describe, expect, it } from 'vitest';
import { parseRuleset } from './parse.ts';
import type { Diagnostic } from './diagnostics.ts';

const at = (ds: Diagnostic[], code: string) =>
  ds.filter((d) => d.code === code).map((d) => `${d.line}:${d.column}-${d.endColumn}`);

describe('target positions (found again in the source line)', () => {
  it('points at -j NAME / -g NAME in iptables-save text, past quoted look-alikes and counters', () => {
    const text = [
      '*filter',
      ':INPUT ACCEPT [0:0]',
      ':A - [0:0]',
      '-A INPUT -m comment --comment "-j NOPE" -j NOPE',
      '[1:2] -A INPUT -g "GONE"',
      '-A INPUT -j ! MISSING',
      '-A A --jump INPUT',
      'COMMIT',
      '',
    ].join('\n');
    const { diagnostics } = parseRuleset(text);
    expect(at(diagnostics, 'missing-target-chain')).toEqual(['4:41-48', '5:16-25', '6:10-22']);
    expect(at(diagnostics, 'builtin-jump')).toEqual(['7:6-18']);
  });

  it('points at the jump that closes a loop in iptables -S text', () => {
    const text = ['-P INPUT ACCEPT', '-N A', '-N B', '-A A -j B', '-A B -p tcp -j A', ''].join(
      '\n',
    );
    const { diagnostics } = parseRuleset(text);
    expect(at(diagnostics, 'jump-loop')).toEqual(['5:13-17']);
  });

  it('points at the target column of iptables -L text', () => {
    const text = [
      'Chain INPUT (policy ACCEPT 0 packets, 0 bytes)',
      ' pkts bytes target     prot opt in     out     source               destination',
      '    0     0 NOWHERE    all  --  *      *       0.0.0.0/0            0.0.0.0/0',
      '',
    ].join('\n');
    const { diagnostics } = parseRuleset(text);
    expect(at(diagnostics, 'missing-target-chain')).toEqual(['3:13-20']);
  });
});
