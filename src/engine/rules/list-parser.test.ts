import { describe, expect, it } from 'vitest';
import { parseRuleset } from './parse.ts';
import { printSave } from './save-printer.ts';

const diag = (text: string, opts = {}) =>
  parseRuleset(text, { format: 'L', ...opts }).diagnostics.map(
    (d) => `${d.line}:${d.column}-${d.endColumn} ${d.severity} ${d.code}`,
  );

describe('parseList', () => {
  it('reads plain iptables -L (names, "anywhere", collapsed spaces) and keeps host names as lossy text', () => {
    // as pasted in a blog post (one of the study articles): -L without -n, runs of spaces squeezed to one
    const text = [
      'Chain INPUT (policy ACCEPT)',
      'target prot opt source destination',
      'DROP tcp -- anywhere anywhere tcp dpt:3000',
      'DROP all -- ip-192-168-0-111.compute.internal anywhere',
      'ACCEPT all -- anywhere anywhere state RELATED,ESTABLISHED',
      'Chain FORWARD (policy DROP)',
      'target prot opt source destination',
      'ACCEPT all -- anywhere 11.11.11.0/24',
      'Chain OUTPUT (policy ACCEPT)',
      'target prot opt source destination',
    ].join('\n');
    const r = parseRuleset(text);
    expect(r.ruleset.format).toBe('L');
    expect(printSave(r.ruleset)).toBe(
      [
        '*filter',
        ':INPUT ACCEPT [0:0]',
        ':FORWARD DROP [0:0]',
        ':OUTPUT ACCEPT [0:0]',
        '-A INPUT -p tcp -m tcp --dport 3000 -j DROP',
        '-A INPUT -j DROP',
        '-A INPUT -m state --state RELATED,ESTABLISHED -j ACCEPT',
        '-A FORWARD -d 11.11.11.0/24 -j ACCEPT',
        'COMMIT',
        '',
      ].join('\n'),
    );
    const lossy = r.ruleset.tables[0]!.chains[0]!.rules[1]!;
    expect(lossy.lossy).toBe('-s ip-192-168-0-111.compute.internal');
    expect(
      r.diagnostics.map((d) => `${d.line}:${d.column}-${d.endColumn} ${d.severity} ${d.code}`),
    ).toEqual(['4:13-46 info lossy-format']);
  });

  it('reads targets, goto, blank targets, negations, interfaces and fragments', () => {
    const text = [
      'Chain FORWARD (policy ACCEPT 7 packets, 420 bytes)',
      ' pkts bytes target     prot opt in     out     source               destination         ',
      '    3   180 ACCEPT     0    --  docker0 !docker0  0.0.0.0/0            0.0.0.0/0           ',
      '    0     0 DOCKER     0    --  *      *       0.0.0.0/0            0.0.0.0/0           [goto] ',
      '    0     0 ACCEPT    !6    !f  !eth+  *      !10.0.0.0/8           192.168.0.0/255.255.0.255 ',
      '    0     0            0    -f  *      *       0.0.0.0/0            0.0.0.0/0           ',
      '',
      'Chain DOCKER (1 references)',
      ' pkts bytes target     prot opt in     out     source               destination         ',
    ].join('\n');
    const r = parseRuleset(text);
    // FORWARD alone fits filter, mangle and security: filter is assumed, and said so
    expect(r.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}`)).toEqual([
      '1:7 info assumed-table',
    ]);
    expect(printSave(r.ruleset, { counters: true })).toBe(
      [
        '*filter',
        ':FORWARD ACCEPT [7:420]',
        ':DOCKER - [0:0]',
        '[3:180] -A FORWARD -i docker0 ! -o docker0 -j ACCEPT',
        '[0:0] -A FORWARD -g DOCKER',
        '[0:0] -A FORWARD ! -s 10.0.0.0/8 -d 192.168.0.0/255.255.0.255 ! -i eth+ ! -p tcp ! -f -j ACCEPT',
        '[0:0] -A FORWARD -f',
        'COMMIT',
        '',
      ].join('\n'),
    );
  });

  it('reads several tables pasted one after another, named by headings or by their chains', () => {
    const text = [
      '[root@node /]# iptables -t nat -L -n',
      'Chain PREROUTING (policy ACCEPT)',
      'target     prot opt source               destination         ',
      'KUBE-SERVICES  0    --  0.0.0.0/0            0.0.0.0/0            /* kubernetes service portals */',
      '',
      'Chain KUBE-SERVICES (1 references)',
      'target     prot opt source               destination         ',
      // the filter table's output follows with no heading
      'Chain INPUT (policy DROP)',
      'target     prot opt source               destination         ',
      'Chain FORWARD (policy ACCEPT)',
      'target     prot opt source               destination         ',
      'Chain OUTPUT (policy ACCEPT)',
      'target     prot opt source               destination         ',
    ].join('\n');
    const r = parseRuleset(text);
    expect(
      r.ruleset.tables.map(
        (t) => `${t.name}@${t.span.line}:${t.chains.map((c) => c.name).join(',')}`,
      ),
    ).toEqual(['nat@1:PREROUTING,KUBE-SERVICES', 'filter@8:INPUT,FORWARD,OUTPUT']);
    expect(r.diagnostics).toEqual([]);
  });

  it('reads ip6tables -L -n -v', () => {
    const text = [
      'Chain INPUT (policy ACCEPT 0 packets, 0 bytes)',
      ' pkts bytes target     prot opt in     out     source               destination         ',
      '    0     0 ACCEPT     6    --  eth0   *       fd00::/8            !::1                  tcp dpt:22',
      '    0     0 ACCEPT     58   --  *      *       ::/0                 ::/0                ',
    ].join('\n');
    const r = parseRuleset(text);
    expect(r.ruleset.family).toBe('ipv6');
    expect(printSave(r.ruleset)).toContain(
      '-A INPUT -s fd00::/8 ! -d ::1/128 -i eth0 -p tcp -m tcp --dport 22 -j ACCEPT\n-A INPUT -p ipv6-icmp -j ACCEPT\n',
    );
  });

  it('reports bad rows, headers and counters with positions, and carries on', () => {
    const text = [
      'ACCEPT     0    --  0.0.0.0/0            0.0.0.0/0',
      'Chain INPUT (policy REJECT 0 packets, 0 bytes)',
      ' pkts bytes target     prot opt in     out     source               destination         ',
      '   1x     0 ACCEPT     0    --  *      *       0.0.0.0/0            0.0.0.0/0           ',
      '    0     0 ACCEPT     0    --  *      *',
      '    0     0 ACCEPT     6    --  *      *       10.0.0.300           0.0.0.0/0            tcp dpt:99999',
      'Chain KUBE (policy ACCEPT)',
      'Chain FOO (1 references)',
      'ACCEPT     0    --  0.0.0.0/0            0.0.0.0/0',
    ].join('\n');
    expect(diag(text, { table: 'filter' })).toEqual([
      '1:1-51 error syntax',
      '2:21-27 error bad-policy',
      '4:4-12 error bad-counters',
      '5:1-41 error syntax',
      '6:48-58 info lossy-format',
      '6:90-103 error bad-port',
      '7:7-11 error bad-policy',
      '9:1-51 warning syntax',
    ]);
  });
});
