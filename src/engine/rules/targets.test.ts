/**
 * Standard targets and jumps end to end: text → parseRuleset → printSave, checked against what
 * iptables 1.8.9 (nf_tables) printed for the same text (scripts/iptables-oracle.sh), and the
 * diagnostics for what iptables-restore refuses.
 */
import { describe, expect, it } from 'vitest';
import { parseRuleset } from './parse.ts';
import { printSave } from './save-printer.ts';

const load = (text: string) => parseRuleset(text, { format: 'save', family: 'ipv4' });
const printed = (text: string) => printSave(load(text).ruleset);
const problems = (text: string) =>
  load(text).diagnostics.map((d) => ({
    code: d.code,
    severity: d.severity,
    line: d.line,
    column: d.column,
  }));
const targetsOf = (text: string) =>
  load(text).ruleset.tables.flatMap((t) => t.chains.flatMap((c) => c.rules.map((r) => r.target)));

/** Fed to iptables-restore: verdicts, jumps and gotos in their long and short spellings. */
const JUMPS = String.raw`*filter
:INPUT DROP [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:A - [0:0]
:B - [0:0]
-A INPUT -j ACCEPT
-A INPUT -j DROP
-A INPUT -j A
-A INPUT -g B
-A INPUT --jump A
-A INPUT --goto B
-A A -s 10.0.0.0/8 -j RETURN
-A A -j B
-A B -j RETURN
-A FORWARD
COMMIT
`;
/** What iptables-save printed back. */
const JUMPS_SAVED = String.raw`*filter
:INPUT DROP [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:A - [0:0]
:B - [0:0]
-A INPUT -j ACCEPT
-A INPUT -j DROP
-A INPUT -j A
-A INPUT -g B
-A INPUT -j A
-A INPUT -g B
-A FORWARD
-A A -s 10.0.0.0/8 -j RETURN
-A A -j B
-A B -j RETURN
COMMIT
`;
/** Target extensions the registry does not know, as iptables-save printed them (it left them unchanged). */
const UNKNOWN_SAVED = String.raw`*mangle
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A OUTPUT -j SECMARK --selctx system_u:object_r:httpd_packet_t:s0
-A POSTROUTING -o eth0 -j CONNSECMARK --save
-A POSTROUTING -p tcp -j AUDIT --type accept
COMMIT
`;

describe('standard targets, jumps and gotos', () => {
  it('prints them as iptables-save does', () => {
    expect(printed(JUMPS)).toBe(JUMPS_SAVED);
    expect(printed(JUMPS_SAVED)).toBe(JUMPS_SAVED);
  });

  it('reports nothing for what iptables accepted', () => {
    expect(problems(JUMPS)).toEqual([]);
  });

  it('tells verdicts, jumps and gotos apart', () => {
    const kinds = targetsOf(JUMPS).map((t) => (t ? [t.name, t.kind] : null));
    expect(kinds).toEqual([
      ['ACCEPT', 'builtin'],
      ['DROP', 'builtin'],
      ['A', 'jump'],
      ['B', 'goto'],
      ['A', 'jump'],
      ['B', 'goto'],
      null,
      ['RETURN', 'builtin'],
      ['B', 'jump'],
      ['RETURN', 'builtin'],
    ]);
  });
});

describe('jumps iptables-restore refuses', () => {
  it('reports a jump or goto to a chain the table lacks, at the -j / -g', () => {
    const text =
      '*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -p tcp -j MISSING\n-A INPUT -g GONE\n-A INPUT -g RETURN\nCOMMIT\n';
    expect(problems(text)).toEqual([
      { code: 'missing-target-chain', severity: 'error', line: 3, column: 17 },
      { code: 'missing-target-chain', severity: 'error', line: 4, column: 10 },
      { code: 'missing-target-chain', severity: 'error', line: 5, column: 10 },
    ]);
  });

  it('reports a loop of jumps once, at the jump that closes it', () => {
    const text = [
      '*filter',
      ':INPUT ACCEPT [0:0]',
      ':A - [0:0]',
      ':B - [0:0]',
      ':SELF - [0:0]',
      '-A INPUT -j A',
      '-A A -j B',
      '-A B -s 10.0.0.0/8 -g A',
      '-A SELF -j SELF',
      'COMMIT',
      '',
    ].join('\n');
    expect(problems(text)).toEqual([
      { code: 'jump-loop', severity: 'error', line: 8, column: 20 },
      { code: 'jump-loop', severity: 'error', line: 9, column: 9 },
    ]);
    expect(load(text).diagnostics[0]?.message).toContain('A → B → A');
  });

  it('reports a jump to a built-in chain', () => {
    const text = '*filter\n:INPUT ACCEPT [0:0]\n:OUTPUT ACCEPT [0:0]\n-A INPUT -j OUTPUT\nCOMMIT\n';
    expect(problems(text)).toEqual([
      { code: 'builtin-jump', severity: 'error', line: 4, column: 10 },
    ]);
  });

  it('reports a target in a table or chain the kernel does not allow it in', () => {
    const text =
      '*filter\n:FORWARD ACCEPT [0:0]\n-A FORWARD -j MASQUERADE\nCOMMIT\n*nat\n:INPUT ACCEPT [0:0]\n-A INPUT -j DNAT --to-destination 10.0.0.1\nCOMMIT\n';
    expect(problems(text)).toEqual([
      { code: 'target-not-allowed', severity: 'error', line: 3, column: 12 },
      { code: 'target-not-allowed', severity: 'error', line: 7, column: 10 },
    ]);
  });
});

describe('target extensions the registry does not know', () => {
  it('keeps them verbatim with a warning and prints them back unchanged', () => {
    expect(printed(UNKNOWN_SAVED)).toBe(UNKNOWN_SAVED);
    expect(problems(UNKNOWN_SAVED)).toEqual([
      { code: 'unknown-module', severity: 'warning', line: 7, column: 11 },
      { code: 'unknown-module', severity: 'warning', line: 8, column: 24 },
      { code: 'unknown-module', severity: 'warning', line: 9, column: 23 },
    ]);
    const t = targetsOf(UNKNOWN_SAVED)[0];
    expect(t).toMatchObject({
      name: 'SECMARK',
      kind: 'extension',
      unknown: true,
      data: { raw: ['--selctx', 'system_u:object_r:httpd_packet_t:s0'] },
    });
  });

  it('keeps negations and quoted words so the rule reads back the same', () => {
    const text =
      '*mangle\n:OUTPUT ACCEPT [0:0]\n-A OUTPUT -j FUTURE --opt 1 ! --name "two words"\nCOMMIT\n';
    expect(printed(text)).toBe(text);
    expect(printed(printed(text))).toBe(text);
  });
});
