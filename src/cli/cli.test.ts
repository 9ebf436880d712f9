/**
 * The command line as a user runs it: the built bin in a child process, checked for its exit
 * status, its stdout and its stderr lines.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bin, cli, root } from './test-kit.ts';

const fixture = (name: string) => `tests/fixtures/cli/${name}`;
const golden = (name: string) => readFileSync(`${root}src/cli/__golden__/${name}`, 'utf8');

describe('netfilter-lab parse', () => {
  it('prints the ruleset as JSON and exits 0 when there is no error', () => {
    const r = cli(['parse', fixture('host-firewall.rules')]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(Object.keys(doc)).toEqual(['format', 'family', 'counts', 'tables', 'diagnostics']);
    expect(doc.format).toBe('save');
    expect(doc.family).toBe('ipv4');
    expect(doc.counts).toEqual({ tables: 2, chains: 8, rules: 4, errors: 0, warnings: 0 });
    expect(doc.diagnostics).toEqual([]);
    expect(doc.tables.map((t: { name: string }) => t.name)).toEqual(['filter', 'nat']);
    const filter = doc.tables[0];
    expect(
      filter.chains.map((c: { name: string; policy: string | null }) => [c.name, c.policy]),
    ).toEqual([
      ['INPUT', 'DROP'],
      ['FORWARD', 'DROP'],
      ['OUTPUT', 'ACCEPT'],
      ['SSH', null],
    ]);
    const ssh = filter.chains[3].rules[0];
    expect(ssh.id).toBe('filter/SSH/1');
    expect(ssh.core.source).toEqual({
      value: { family: 'ipv4', address: '192.168.1.0', prefix: 24 },
      negated: false,
    });
    expect(ssh.matches).toEqual([
      {
        module: 'comment',
        data: { comment: 'office LAN' },
      },
    ]);
    expect(ssh.target).toMatchObject({ name: 'ACCEPT', kind: 'builtin' });
    const dnat = doc.tables[1].chains[0].rules[0];
    expect(dnat.matches[0].module).toBe('tcp');
    expect(dnat.target).toMatchObject({ name: 'DNAT', kind: 'extension' });
  });

  it('reports errors on stderr as FILE:LINE:COL and in the JSON, and exits 1', () => {
    const r = cli(['parse', fixture('broken.rules')]);
    expect(r.status).toBe(1);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^tests\/fixtures\/cli\/broken\.rules:3:13: error: \S/);
    expect(lines[1]).toMatch(/^tests\/fixtures\/cli\/broken\.rules:4:10: error: \S/);
    const doc = JSON.parse(r.stdout);
    expect(doc.counts).toMatchObject({ rules: 2, errors: 2 });
    expect(
      doc.diagnostics.map((d: { code: string; line: number; column: number; severity: string }) => [
        d.code,
        d.line,
        d.column,
        d.severity,
      ]),
    ).toEqual([
      ['bad-address', 3, 13, 'error'],
      ['missing-target-chain', 4, 10, 'error'],
    ]);
  });

  it('reads standard input for - and names it <stdin>', () => {
    const r = cli(['parse', '-'], readFileSync(`${root}${fixture('broken.rules')}`, 'utf8'));
    expect(r.status).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(/^<stdin>:3:13: error: /);
    expect(JSON.parse(r.stdout).counts.rules).toBe(2);
  });

  it('keeps columns right when the file starts with a byte-order mark', () => {
    const r = cli(
      ['parse', '-'],
      `\uFEFF*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -j NOWHERE\nCOMMIT\n`,
    );
    expect(r.stderr).toMatch(/^<stdin>:3:10: error: /);
  });

  it('indents the JSON only with --pretty, with the same content', () => {
    const compact = cli(['parse', fixture('host-firewall.rules')]).stdout;
    const pretty = cli(['parse', '--pretty', fixture('host-firewall.rules')]).stdout;
    expect(compact.split('\n')).toHaveLength(2);
    expect(pretty.split('\n').length).toBeGreaterThan(50);
    expect(pretty).toBe(`${JSON.stringify(JSON.parse(compact), null, 2)}\n`);
  });

  it('takes --family and --format to override detection', () => {
    const doc = JSON.parse(
      cli(
        ['parse', '--family', 'ipv6', '--format', 'save', '-'],
        '*filter\n:INPUT ACCEPT [0:0]\nCOMMIT\n',
      ).stdout,
    );
    expect([doc.format, doc.family]).toEqual(['save', 'ipv6']);
  });

  it('warns that an empty input holds no rules (iptables-save without root prints nothing)', () => {
    const r = cli(['parse', '-'], '');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { counts: object; diagnostics: { code: string }[] };
    expect(out.counts).toEqual({ tables: 0, chains: 0, rules: 0, errors: 0, warnings: 1 });
    expect(out.diagnostics.map((d) => d.code)).toEqual(['empty-input']);
    expect(r.stderr).toContain('<stdin>:1:1: warning: the input holds no rules');
  });

  it('says which formats it tried when the input is none of them', () => {
    const r = cli(['parse', '-'], '# notes\n\n  hello world\nfoo\n');
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^<stdin>:3:3: error: this is none of the formats read here; tried iptables-save .* iptables -S .* iptables -L -n -v/,
      ),
    ]);
  });
});

describe('netfilter-lab print', () => {
  it('prints canonical iptables-save text (what iptables-save printed for the same file)', () => {
    const r = cli(['print', fixture('host-firewall.rules')]);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(golden('host-firewall.save'));
  });

  it('prints rule counters with --counters, as iptables-save -c does', () => {
    const r = cli(['print', '--as', 'save', '--counters', fixture('host-firewall.rules')]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(golden('host-firewall.save-c'));
  });

  it('prints iptables -S and iptables -L -n -v text, one headed block per table (what iptables printed)', () => {
    const s = cli(['print', '--as', 'S', fixture('host-firewall.rules')]);
    expect(s.status).toBe(0);
    expect(s.stdout).toBe(golden('host-firewall.S'));
    const l = cli(['print', '--as', 'L', fixture('host-firewall.rules')]);
    expect(l.status).toBe(0);
    expect(l.stdout).toBe(golden('host-firewall.L'));
  });

  it('reads its own -S and -L output back to the same ruleset', () => {
    for (const as of ['S', 'L']) {
      const text = cli(['print', '--as', as, fixture('host-firewall.rules')]).stdout;
      const back = cli(['print', '-'], text);
      expect(back.stderr).toBe('');
      // -L cannot show counters of user chains or the declared order: compare the rules only
      const rules = (t: string) => t.split('\n').filter((line) => line.startsWith('-A '));
      expect(rules(back.stdout)).toEqual(rules(golden('host-firewall.save')));
    }
  });

  it('takes --table for -S text, which never names its table', () => {
    const text =
      '-P PREROUTING ACCEPT\n-A PREROUTING -p tcp --dport 80 -j DNAT --to-destination 10.0.0.2:8080\n';
    const r = cli(['print', '--format', 'S', '--table', 'nat', '-'], text);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      '*nat\n:PREROUTING ACCEPT [0:0]\n-A PREROUTING -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.0.0.2:8080\nCOMMIT\n',
    );
    const mangle = cli(
      ['print', '--table', 'mangle', '-'],
      '-P INPUT ACCEPT\n-A INPUT -j ACCEPT\n',
    );
    expect(mangle.stdout).toBe('*mangle\n:INPUT ACCEPT [0:0]\n-A INPUT -j ACCEPT\nCOMMIT\n');
  });

  it('still prints what it could parse when the input has errors, and exits 1', () => {
    const r = cli(['print', '-'], readFileSync(`${root}${fixture('broken.rules')}`, 'utf8'));
    expect(r.status).toBe(1);
    expect(r.stdout.startsWith('*filter\n:INPUT ACCEPT [0:0]\n')).toBe(true);
    expect(
      r.stderr
        .trimEnd()
        .split('\n')
        .map((l) => l.split(': ')[0]),
    ).toEqual(['<stdin>:3:13', '<stdin>:4:10']);
  });
});

describe('usage errors exit 2 with one line on stderr', () => {
  const cases: [string[], string][] = [
    [[], 'netfilter-lab: missing command (one of: parse, print, trace, compile, journey, lessons)'],
    [['frobnicate'], 'netfilter-lab: unknown command "frobnicate"'],
    [['--frob'], 'netfilter-lab: unknown option --frob'],
    [['parse'], 'netfilter-lab parse: missing FILE (a path, or - for standard input)'],
    [['parse', 'a', 'b'], 'netfilter-lab parse: one FILE only, got 2: a b'],
    [['parse', '--frob', 'x'], 'netfilter-lab parse: unknown option --frob'],
    [['print', '--as'], 'netfilter-lab print: option --as needs a value'],
    [['print', '--as', 'xml', 'x'], 'netfilter-lab print: option --as takes save, S, L, not "xml"'],
    [
      ['parse', '--family', 'ipv5', 'x'],
      'netfilter-lab parse: option --family takes ipv4, ipv6, not "ipv5"',
    ],
    [
      ['print', '--table', 'bogus', 'x'],
      'netfilter-lab print: option --table takes raw, mangle, nat, filter, security, not "bogus"',
    ],
    [['print', '--counters=yes', 'x'], 'netfilter-lab print: option --counters takes no value'],
    [['trace', '--rules', 'x'], 'netfilter-lab trace: missing --host FILE'],
  ];
  for (const [args, message] of cases) {
    it(`netfilter-lab ${args.join(' ')}`, () => {
      const r = cli(args);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      // the command's own --help, or the program's when no command was chosen
      const help = message.slice(0, message.indexOf(':'));
      expect(r.stderr).toBe(`${message} (see ${help} --help)\n`);
    });
  }

  it('names the command but not --help when a file cannot be read', () => {
    expect(cli(['parse', 'tests/fixtures/cli/no-such-file.rules']).stderr).toBe(
      'netfilter-lab parse: cannot read tests/fixtures/cli/no-such-file.rules: no such file\n',
    );
    expect(cli(['print', 'tests/fixtures/cli']).stderr).toBe(
      'netfilter-lab print: cannot read tests/fixtures/cli: it is a directory\n',
    );
  });
});

describe('the bin wrapper', () => {
  it('says to run npm install when the CLI has not been built', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nl-bin-'));
    mkdirSync(join(dir, 'bin'));
    copyFileSync(bin, join(dir, 'bin', 'netfilter-lab.mjs'));
    const r = spawnSync(process.execPath, [join(dir, 'bin', 'netfilter-lab.mjs'), '--version'], {
      encoding: 'utf8',
    });
    rmSync(dir, { recursive: true });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^netfilter-lab: .*run `npm install`/);
  });
});

describe('help and version', () => {
  it('--version prints the package version', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
    expect(cli(['--version'])).toEqual({ status: 0, stdout: `${pkg.version}\n`, stderr: '' });
    expect(cli(['-V']).stdout).toBe(`${pkg.version}\n`);
  });

  it('--help lists the commands; COMMAND --help shows its options', () => {
    const top = cli(['--help']);
    expect(top.status).toBe(0);
    expect(top.stdout).toMatch(/^Usage: netfilter-lab <command>/);
    expect(top.stdout).toMatch(/\n {2}parse +\S/);
    expect(top.stdout).toMatch(/\n {2}print +\S/);
    const print = cli(['print', '--help']);
    expect(print.status).toBe(0);
    expect(print.stdout).toMatch(/--as save\|S\|L/);
    expect(cli(['parse', '-h']).stdout).toMatch(/--pretty/);
  });
});
