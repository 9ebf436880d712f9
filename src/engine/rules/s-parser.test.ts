import { describe, expect, it } from 'vitest';
import { parseRuleset } from './parse.ts';
import { printSave } from './save-printer.ts';

const codes = (text: string, opts = {}) =>
  parseRuleset(text, { format: 'S', ...opts }).diagnostics.map(
    (d) => `${d.line}:${d.column} ${d.severity} ${d.code}`,
  );

describe('parseS', () => {
  it('reads -P, -N and -A lines into one table, with -S -v counters', () => {
    const text = [
      '-P INPUT DROP -c 10 20',
      '-P FORWARD ACCEPT',
      '-P OUTPUT ACCEPT',
      '-N KUBE-FW',
      '-A INPUT -i lo -c 1 2 -j ACCEPT',
      '-A INPUT -j KUBE-FW',
      '-A KUBE-FW -p tcp -m tcp --dport 22 -j ACCEPT',
      '',
    ].join('\n');
    const r = parseRuleset(text);
    expect(r.ruleset.format).toBe('S');
    expect(r.diagnostics).toEqual([]);
    expect(printSave(r.ruleset, { counters: true })).toBe(
      [
        '*filter',
        ':INPUT DROP [10:20]',
        ':FORWARD ACCEPT [0:0]',
        ':OUTPUT ACCEPT [0:0]',
        ':KUBE-FW - [0:0]',
        '[1:2] -A INPUT -i lo -j ACCEPT',
        '[0:0] -A INPUT -j KUBE-FW',
        '[0:0] -A KUBE-FW -p tcp -m tcp --dport 22 -j ACCEPT',
        'COMMIT',
        '',
      ].join('\n'),
    );
    const rule = r.ruleset.tables[0]!.chains[0]!.rules[0]!;
    expect(rule).toMatchObject({
      id: 'filter/INPUT/1',
      source: '-A INPUT -i lo -c 1 2 -j ACCEPT',
      span: { line: 5, column: 1, endLine: 5, endColumn: 32 },
    });
  });

  it('splits several -S outputs pasted one after another into their tables', () => {
    const text = [
      '-P INPUT ACCEPT',
      '-P FORWARD ACCEPT',
      '-P OUTPUT ACCEPT',
      '-A INPUT -j ACCEPT',
      '-P PREROUTING ACCEPT',
      '-P INPUT ACCEPT',
      '-P OUTPUT ACCEPT',
      '-P POSTROUTING ACCEPT',
      '-A POSTROUTING -j MASQUERADE',
      '-P PREROUTING ACCEPT',
      '-P OUTPUT ACCEPT',
      '-A PREROUTING -j CT --notrack',
    ].join('\n');
    const r = parseRuleset(text);
    expect(
      r.ruleset.tables.map((t) => `${t.name}:${t.chains.map((c) => c.name).join(',')}`),
    ).toEqual([
      'filter:INPUT,FORWARD,OUTPUT',
      'nat:PREROUTING,INPUT,OUTPUT,POSTROUTING',
      'raw:PREROUTING,OUTPUT',
    ]);
    expect(r.diagnostics).toEqual([]);
  });

  it('takes the table from heading lines, the option, or the targets', () => {
    const headed = parseRuleset(
      '# iptables -t mangle -S\n-P PREROUTING ACCEPT\n-A PREROUTING -j MARK --set-mark 1\n$ iptables -t nat -S\n-P PREROUTING ACCEPT\n',
    );
    expect(headed.ruleset.tables.map((t) => [t.name, t.span.line])).toEqual([
      ['mangle', 1],
      ['nat', 4],
    ]);
    expect(headed.diagnostics).toEqual([]);
    expect(
      parseRuleset('-N KUBE-SEP-X\n-A KUBE-SEP-X -j MARK --set-xmark 0x4000/0x4000\n', {
        table: 'nat',
      }).ruleset.tables[0]!.name,
    ).toBe('nat');
    const byTarget = parseRuleset(
      '-N KUBE-SEP-X\n-A KUBE-SEP-X -p tcp -j DNAT --to-destination 10.0.0.1:80\n',
    );
    expect(byTarget.ruleset.tables[0]!.name).toBe('nat');
    expect(byTarget.diagnostics).toEqual([]);
  });

  it('says which table it assumed when nothing names it', () => {
    const r = parseRuleset('-N DOCKER\n-A DOCKER -j RETURN\n', { format: 'S' });
    expect(r.ruleset.tables[0]!.name).toBe('filter');
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.line, d.column, d.endColumn])).toEqual([
      ['assumed-table', 'info', 1, 1, 3],
    ]);
  });

  it('reports what is wrong, with positions, and carries on', () => {
    const text = [
      '-P FOO ACCEPT',
      '-P INPUT REJECT',
      '-P OUTPUT ACCEPT -c x 1',
      '-N',
      '-N INPUT',
      'hello world',
      '-X INPUT',
      '-A INPUT -p tcp --dport 99999 -j ACCEPT',
      '-A INPUT -m comment --comment "open',
      '-A FORWARD -j NOWHERE',
      '-A INPUT -j ACCEPT',
    ].join('\n');
    expect(codes(text, { table: 'filter' })).toEqual([
      '1:4 error bad-policy',
      '2:10 error bad-policy',
      '3:18 error bad-counters',
      '4:1 error missing-argument',
      '5:4 error duplicate-chain',
      '6:1 error syntax',
      '7:1 error syntax',
      '8:17 error bad-port',
      '9:31 error unterminated-quote',
      '10:12 error missing-target-chain',
    ]);
    const r = parseRuleset(text, { format: 'S', table: 'filter' });
    expect(r.ruleset.tables[0]!.chains.find((c) => c.name === 'INPUT')!.rules.length).toBe(3);
  });

  it('reads CRLF text and skips blank and comment lines', () => {
    const r = parseRuleset(
      '\r\n# from node-1\r\n-P INPUT ACCEPT\r\n\r\n-A INPUT -s 10.0.0.0/8 -j DROP\r\n',
    );
    expect(r.ruleset.format).toBe('S');
    // one built-in chain fits several tables: filter is assumed, and said so
    expect(r.diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual([
      '3:1 assumed-table',
    ]);
    expect(r.ruleset.tables[0]!.chains[0]!.rules[0]!).toMatchObject({
      source: '-A INPUT -s 10.0.0.0/8 -j DROP',
      core: { source: { value: { address: '10.0.0.0', prefix: 8 } } },
    });
  });
});
