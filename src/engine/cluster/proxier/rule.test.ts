import { describe, expect, it } from 'vitest';
import { restoreLine, type RulePart } from '../restore/restore-rule.ts';
import { tokenize } from '../../rules/index.ts';
import { restoreWord, rule } from './rule.ts';

const part: RulePart = { restore: '-j KUBE-SEP-X', plain: false, printed: '' };

describe('rule', () => {
  it('reads the table and a fixed or filled-in chain', () => {
    expect(rule`-t nat -A KUBE-MARK-MASQ -j MARK --or-mark 0x4000`).toEqual({
      table: 'nat',
      chain: 'KUBE-MARK-MASQ',
      args: ['-j', 'MARK', '--or-mark', '0x4000'],
    });
    const chain = 'KUBE-SVC-X';
    expect(rule`-t filter -A ${chain} -j DROP`).toEqual({
      table: 'filter',
      chain,
      args: ['-j', 'DROP'],
    });
  });

  it('fills a hole with one word, a part, or the words of an array', () => {
    const line = rule`-t nat -A C -m ${'tcp'} --dport ${80} ${['!', '-s', '10.0.0.0/8']} ${[]} ${part}`;
    expect(line.args).toEqual(['-m', 'tcp', '--dport', '80', '!', '-s', '10.0.0.0/8', part]);
    expect(line.args[7]).toBe(part);
  });

  it('quotes a hole with blanks, and leaves a plain one bare', () => {
    const line = rule`-t nat -A C --comment ${'ns/web:http'} --comment ${'two words'}`;
    expect(restoreLine(line.args)).toBe('--comment ns/web:http --comment "two words"');
  });

  it('writes a quoted word of the template with its holes inside the quotes', () => {
    const name = 'ns/web:http';
    const line = rule`-t nat -A C --comment "${name} cluster IP" -m comment --comment "${name}"`;
    expect(line.args).toEqual([
      '--comment',
      '"ns/web:http cluster IP"',
      '-m',
      'comment',
      '--comment',
      '"ns/web:http"',
    ]);
    expect(rule`-t nat -A C --comment "kubernetes forwarding rules"`.args).toEqual([
      '--comment',
      '"kubernetes forwarding rules"',
    ]);
  });

  it('reuses what it read of a template: each call fills in its own holes', () => {
    const make = (n: string) => rule`-t nat -A C --comment "${n} has no endpoints" -j ${n}`;
    expect(make('a').args).toEqual(['--comment', '"a has no endpoints"', '-j', 'a']);
    expect(make('b').args).toEqual(['--comment', '"b has no endpoints"', '-j', 'b']);
  });

  it('spans lines: any blank separates words', () => {
    const line = rule`-t nat -A C -m comment
      --comment "x y"
      -j ACCEPT`;
    expect(line.args).toEqual(['-m', 'comment', '--comment', '"x y"', '-j', 'ACCEPT']);
  });

  it('escapes quotes and backslashes so that iptables-restore reads the word back', () => {
    const odd = 'say "hi" \\ bye';
    for (const line of [rule`-t nat -A C --comment ${odd}`, rule`-t nat -A C --comment "${odd}"`]) {
      const words = tokenize(`-A C ${restoreLine(line.args)}`).tokens.map((t) => t.text);
      expect(words).toEqual(['-A', 'C', '--comment', odd]);
    }
    expect(restoreWord(odd)).toBe('"say \\"hi\\" \\\\ bye"');
  });

  it('quotes the empty word, quotes and backslashes even without blanks', () => {
    expect(restoreWord('')).toBe('""');
    expect(restoreWord("it's")).toBe('"it\'s"');
    expect(restoreWord('a"b')).toBe('"a\\"b"');
    expect(restoreWord('a\\b')).toBe('"a\\\\b"');
    expect(restoreWord('10.0.0.1:80')).toBe('10.0.0.1:80');
    expect(restoreWord('tab\there')).toBe('"tab\there"');
  });

  it('refuses templates whose holes are not whole words', () => {
    const a = 'x';
    expect(() => rule`-t nat -A C --mark ${a}/${a}`).toThrow(/glued/);
    expect(() => rule`-t nat -A C --mark 0x${a}`).toThrow(/glued/);
    expect(() => rule`-t nat -A C --comment "${a}"x`).toThrow(/closing quote/);
    expect(() => rule`-t nat -A C --comment a"b"`).toThrow(/quote inside/);
    expect(() => rule`-t nat -A C --comment "open`).toThrow(/unclosed/);
    expect(
      () => rule`-t nat -A C --comment "line
      break"`,
    ).toThrow(/line break/);
  });

  it('refuses a line without its table and chain, or with a hole inside quotes that is no text', () => {
    expect(() => rule`-A C -j DROP`).toThrow(/-t filter/);
    expect(() => rule`-t mangle -A C -j DROP`).toThrow(/-t filter/);
    expect(() => rule`-t nat -I C -j DROP`).toThrow(/-A CHAIN/);
    expect(() => rule`-t nat -A "C" -j DROP`).toThrow(/-A CHAIN/);
    expect(() => rule`-t nat -A ${['C']} -j DROP`).toThrow(/chain/);
    expect(() => rule`-t nat -A C --comment "${part}"`).toThrow(/inside quotes/);
  });
});
