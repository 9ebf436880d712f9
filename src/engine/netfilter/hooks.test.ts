import { describe, expect, it } from 'vitest';
import { hookStages, hookTables, natManipOf } from './hooks.ts';

const order = (hook: Parameters<typeof hookStages>[0], backend: 'nft' | 'legacy') =>
  hookStages(hook, backend).map((s) =>
    s.kind === 'table' ? `${s.table}:${s.priority}` : `${s.kind}:${s.priority}`,
  );

describe('hook → table order', () => {
  it('runs security after nat in INPUT under iptables-nft (priority 150)', () => {
    expect(hookTables('INPUT', 'nft')).toEqual(['mangle', 'filter', 'nat', 'security']);
    expect(order('INPUT', 'nft')).toEqual([
      'mangle:-150',
      'filter:0',
      'nat:100',
      'security:150',
      'confirm:2147483647',
    ]);
  });

  it('runs security before nat in INPUT under legacy iptables (priority 50)', () => {
    expect(hookTables('INPUT', 'legacy')).toEqual(['mangle', 'filter', 'security', 'nat']);
  });

  it('puts conntrack between raw and mangle where packets enter', () => {
    expect(order('PREROUTING', 'nft')).toEqual([
      'raw:-300',
      'conntrack:-200',
      'mangle:-150',
      'nat:-100',
    ]);
    expect(order('OUTPUT', 'nft')).toEqual([
      'raw:-300',
      'conntrack:-200',
      'mangle:-150',
      'nat:-100',
      'filter:0',
      'security:150',
    ]);
    expect(order('OUTPUT', 'legacy')).toEqual([
      'raw:-300',
      'conntrack:-200',
      'mangle:-150',
      'nat:-100',
      'filter:0',
      'security:50',
    ]);
  });

  it('has no nat in FORWARD and confirms last in POSTROUTING', () => {
    expect(hookTables('FORWARD', 'nft')).toEqual(['mangle', 'filter', 'security']);
    expect(hookTables('FORWARD', 'legacy')).toEqual(['mangle', 'filter', 'security']);
    expect(order('POSTROUTING', 'legacy')).toEqual([
      'mangle:-150',
      'nat:100',
      'confirm:2147483647',
    ]);
  });

  it('says which address nat rewrites at each hook', () => {
    expect([
      natManipOf('PREROUTING'),
      natManipOf('OUTPUT'),
      natManipOf('INPUT'),
      natManipOf('POSTROUTING'),
      natManipOf('FORWARD'),
    ]).toEqual(['DNAT', 'DNAT', 'SNAT', 'SNAT', null]);
  });
});
