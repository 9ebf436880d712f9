/**
 * What iptables 1.8.9 itself reads, found by the differential test against iptables-restore
 * (tests/kernel/differential): shortened option names, quoted options, options written after a
 * later module or the target, numbers in other bases, several addresses in one -s.
 */
import { describe, expect, it } from 'vitest';
import { parseRuleset } from './parse.ts';
import { parseSave } from './save-parser.ts';
import { printSave } from './save-printer.ts';
import { tokenize } from './tokenize.ts';

const read = (rule: string, table = 'filter', chain = 'INPUT') => {
  const text = `*${table}\n:${chain} ACCEPT [0:0]\n:NLK - [0:0]\n-A ${chain} ${rule}\nCOMMIT\n`;
  const r = parseRuleset(text, { format: 'save' });
  return {
    rules: r.ruleset.tables[0]!.chains.flatMap((c) => c.rules),
    printed: printSave(r.ruleset)
      .split('\n')
      .filter((l) => l.startsWith('-A ')),
    codes: r.diagnostics.map((d) => `${d.severity} ${d.code} ${d.column}`),
  };
};

describe('option names as iptables reads them', () => {
  it('reads a prefix of a long option that begins only one, with a warning naming it in full', () => {
    const r = read('--pro tcp --dp 80 -m state --st NEW --jum ACCEPT');
    expect(r.printed).toEqual(['-A INPUT -p tcp -m tcp --dport 80 -m state --state NEW -j ACCEPT']);
    expect(r.codes).toEqual([
      'warning respelled 10',
      'warning respelled 20',
      'warning respelled 37',
      'warning respelled 46',
    ]);
  });

  it('refuses a prefix that begins several options, iptables commands among them', () => {
    expect(read('--d 10.0.0.1').codes).toContain('error unknown-option 10');
    expect(read('-p tcp -m tcp -m multiport --dp 80').codes).toContain('error unknown-option 37');
    expect(read('--ap x').codes).toContain('error syntax 10');
  });

  it('takes the quotes off a quoted option, as iptables-restore does', () => {
    const r = read('"-p" tcp "--dport" 22 "-j" ACCEPT');
    expect(r.printed).toEqual(['-A INPUT -p tcp -m tcp --dport 22 -j ACCEPT']);
    expect(r.codes.every((c) => c.startsWith('warning respelled'))).toBe(true);
  });

  it('gives an option written after a later module, or after the target, to the match that takes it', () => {
    expect(
      read('-p tcp -m tcp --dport 80 -m comment --comment x --sport 22 -j ACCEPT').printed,
    ).toEqual(['-A INPUT -p tcp -m tcp --sport 22 --dport 80 -m comment --comment x -j ACCEPT']);
    expect(read('-p tcp -m tcp --dport 22 -j ACCEPT --sport 80').printed).toEqual([
      '-A INPUT -p tcp -m tcp --sport 80 --dport 22 -j ACCEPT',
    ]);
  });

  it('refuses options after a verdict or a jump to a chain that no match takes', () => {
    expect(read('-j ACCEPT --foo').codes).toContain('error unknown-option 20');
    expect(read('-j NLK --comment x').codes).toContain('error unknown-option 10');
  });
});

describe('numbers and words as iptables reads them', () => {
  it('reads a prefix length as strtoul does: octal, hex, a plus sign', () => {
    expect(read('-s 10.0.0.1/010').printed).toEqual(['-A INPUT -s 10.0.0.0/8']);
    expect(read('-s 10.0.0.1/0x10').printed).toEqual(['-A INPUT -s 10.0.0.0/16']);
    expect(read('-s 10.0.0.1/08').codes).toEqual(['error bad-address 13']);
  });

  it('reads a protocol by number in any base, by alias or in any case, warning of the spelling', () => {
    expect(read('-p 6 -j ACCEPT').printed).toEqual(['-A INPUT -p tcp -j ACCEPT']);
    expect(read('-p 010').printed).toEqual(['-A INPUT -p egp']);
    expect(read('-p 0x2f').printed).toEqual(['-A INPUT -p gre']);
    expect(read('-p UDP').printed).toEqual(['-A INPUT -p udp']);
    expect(read('-p ALL').printed).toEqual(['-A INPUT']);
    for (const p of ['6', '010', '0x2f', 'UDP', 'ALL', '0'])
      expect(read(`-p ${p}`).codes).toEqual(['warning respelled 13']);
    expect(read('-p tcp').codes).toEqual([]);
    expect(read('-p all').codes).toEqual([]);
    const v6 = parseRuleset('*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -p icmpv6\nCOMMIT\n', {
      format: 'save',
      family: 'ipv6',
    });
    expect(printSave(v6.ruleset)).toContain('-A INPUT -p ipv6-icmp');
    expect(v6.diagnostics.map((d) => d.code)).toEqual(['respelled']);
  });

  it('refuses -f in an IPv6 dump at its place, as ip6tables-restore does, and reads it in IPv4', () => {
    const text = '*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -p udp ! -f -j ACCEPT\nCOMMIT\n';
    for (const fastPath of [true, false]) {
      const v6 = parseSave(text, 'ipv6', { fastPath });
      expect(v6.diagnostics.map((d) => `${d.severity} ${d.code} ${d.line}:${d.column}`)).toEqual([
        'error bad-value 3:19',
      ]);
      expect(v6.diagnostics[0]!.message).toBe("`-f' is not supported in IPv6, use -m frag instead");
      expect(v6.ruleset.tables[0]!.chains[0]!.rules[0]?.core.fragment).toBeUndefined();
    }
    expect(read('-p udp ! -f -j ACCEPT').printed).toEqual(['-A INPUT -p udp ! -f -j ACCEPT']);
    expect(read('-p udp ! -f -j ACCEPT').codes).toEqual([]);
  });

  it('reads the numbers of an address as iptables does (010 is octal, 0x hex), warning of them', () => {
    expect(read('-s 010.0.0.1').printed).toEqual(['-A INPUT -s 8.0.0.1/32']);
    expect(read('-s 0x0a.0.0.1/0x10').printed).toEqual(['-A INPUT -s 10.0.0.0/16']);
    expect(read('-d 1.2.3.4/0377.0xff.0.0').printed).toEqual(['-A INPUT -d 1.2.0.0/16']);
    expect(read('-s 010.0.0.1').codes).toEqual(['warning respelled 13']);
    expect(read('-s 10.0.0.1/+8').codes).toEqual(['warning respelled 13']);
    expect(read('-s 08.0.0.1').codes).toEqual(['error bad-address 13']);
    expect(read('-s 10.0.0.0/8,10.0.0.1/32').codes).toEqual(['info several-rules 13']);
    const v6 = parseRuleset('*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -s fe80::/0x40\nCOMMIT\n', {
      format: 'save',
      family: 'ipv6',
    });
    expect(printSave(v6.ruleset)).toContain('-A INPUT -s fe80::/64');
    expect(v6.diagnostics.map((d) => d.code)).toEqual(['respelled']);
  });

  it('splits words as iptables-restore: single quotes are plain, a closing quote ends the word', () => {
    expect(tokenize(`--comment 'a b'`).tokens.map((t) => t.text)).toEqual([
      '--comment',
      "'a",
      "b'",
    ]);
    expect(tokenize('"a"b c\\d').tokens.map((t) => t.text)).toEqual(['a', 'b', 'c\\d']);
  });

  it('loads one rule per address of -s A,B (per pair with -d C,D), with an info', () => {
    const r = read('-s 10.0.0.1,10.0.0.2 -d 1.1.1.1,2.2.2.2 -j ACCEPT');
    expect(r.printed).toEqual([
      '-A INPUT -s 10.0.0.1/32 -d 1.1.1.1/32 -j ACCEPT',
      '-A INPUT -s 10.0.0.1/32 -d 2.2.2.2/32 -j ACCEPT',
      '-A INPUT -s 10.0.0.2/32 -d 1.1.1.1/32 -j ACCEPT',
      '-A INPUT -s 10.0.0.2/32 -d 2.2.2.2/32 -j ACCEPT',
    ]);
    expect(r.codes).toEqual(['info several-rules 13', 'info several-rules 34']);
  });
});

describe('-p as iptables sees it when it reads an option', () => {
  it('refuses multiport ports and NAT ports written before the -p they need', () => {
    expect(read('-m multiport --dports 80 -p tcp').codes).toEqual(['error bad-protocol 10']);
    expect(read('-m multiport ! --sports 22 -p sctp').codes).toEqual(['error bad-protocol 10']);
    const nat = (rule: string, chain: string) => read(rule, 'nat', chain).codes;
    expect(nat('-j DNAT --to-destination 10.0.0.1:80 -p tcp', 'PREROUTING')).toEqual([
      'error bad-port 23',
    ]);
    expect(nat('-j SNAT --to-source 10.0.0.1:80 -p udp', 'POSTROUTING')).toEqual([
      'error bad-port 24',
    ]);
    expect(nat('-j REDIRECT --to-ports 80 -p tcp', 'PREROUTING')).toEqual(['error bad-port 27']);
    expect(nat('-j MASQUERADE --to-ports 80 -p tcp', 'POSTROUTING')).toEqual(['error bad-port 30']);
  });

  it('takes a -p written after -m multiport or -j DNAT but before the option', () => {
    expect(read('-m multiport -p tcp --dports 80').printed).toEqual([
      '-A INPUT -p tcp -m multiport --dports 80',
    ]);
    const r = read('-j DNAT -p tcp --to-destination 10.0.0.1:80', 'nat', 'PREROUTING');
    expect(r.codes).toEqual([]);
    expect(r.printed).toEqual(['-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1:80']);
    // a NAT target without a port, and matches the kernel checks (-m tcp), see the whole rule
    expect(read('-j SNAT --to-source 10.0.0.1 -p tcp', 'nat', 'POSTROUTING').codes).toEqual([]);
    expect(read('-m tcp --dport 80 -p tcp').printed).toEqual(['-A INPUT -p tcp -m tcp --dport 80']);
  });
});

describe('print writes a rule in error as it was written', () => {
  it('never leaves out the part it could not read', () => {
    for (const rule of [
      '-s 10.0.0.1,10.0.0.2,x -j ACCEPT',
      '! -s 10.0.0.1,10.0.0.2 -j ACCEPT',
      '-m state --state NEW,FOO -j ACCEPT',
      '-p tcp --dport 99999 -j ACCEPT',
    ]) {
      const r = read(rule);
      expect(r.codes.some((c) => c.startsWith('error'))).toBe(true);
      expect(r.printed).toEqual([`-A INPUT ${rule}`]);
    }
  });
});
