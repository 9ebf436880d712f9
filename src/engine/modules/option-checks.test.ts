import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../rules/index.ts';
import type { ModuleContext, ParsedOption } from './types.ts';
import { reportExclusive, reportRepeated, requireOneOf } from './option-checks.ts';

const span = (column: number) => ({ line: 1, column, endLine: 1, endColumn: column + 1 });
const option = (name: string, column: number): ParsedOption =>
  ({ name, args: [], negated: false, span: span(column) }) as unknown as ParsedOption;

function context(at?: number) {
  const reported: { code: string; message: string; column: number }[] = [];
  const ctx: ModuleContext = {
    family: 'ipv4',
    protocol: undefined,
    table: 'filter',
    chain: 'INPUT',
    ...(at === undefined ? {} : { span: span(at) }),
    report: (code, message, where) => reported.push({ code, message, column: where.column }),
  };
  return { ctx, reported };
}

describe('option checks shared by matches and targets', () => {
  it('reports each repeated option where it stands', () => {
    const { ctx, reported } = context();
    reportRepeated('tcp', [option('dport', 1), option('dport', 9), option('sport', 20)], ctx);
    expect(reported).toEqual([
      { code: 'syntax', message: 'tcp: --dport can be given only once', column: 9 },
    ]);
  });

  it('reports every option of an exclusive group after the first one written', () => {
    const { ctx, reported } = context();
    const opts = [option('set-mark', 1), option('and-mark', 10), option('set-mark', 20)];
    reportExclusive('MARK', opts, ['set-mark', 'and-mark'], ctx);
    expect(reported).toEqual([
      {
        code: 'syntax',
        message: 'MARK: --and-mark cannot be used together with --set-mark',
        column: 10,
      },
    ]);
  });

  it('asks for a required option at the module name, else at its first option', () => {
    const named = context(5);
    expect(requireOneOf('DNAT', [], ['to-destination'], named.ctx)).toBe(false);
    expect(named.reported).toEqual([
      { code: 'missing-argument', message: 'DNAT needs --to-destination', column: 5 },
    ]);
    const unnamed = context();
    expect(requireOneOf('dscp', [option('x', 7)], ['dscp', 'dscp-class'], unnamed.ctx)).toBe(false);
    expect(unnamed.reported[0]).toEqual({
      code: 'missing-argument',
      message: 'dscp needs one of --dscp, --dscp-class',
      column: 7,
    });
    expect(requireOneOf('dscp', [option('dscp', 3)], ['dscp'], unnamed.ctx)).toBe(true);
  });

  it('words a repeated option the same for a match and a target', () => {
    const { diagnostics } = parseRuleset(
      [
        '*nat',
        ':PREROUTING ACCEPT [0:0]',
        '-A PREROUTING -p tcp -m tcp --dport 1 --dport 2 -j DNAT --to-destination 10.0.0.1 --to-destination 10.0.0.2',
        'COMMIT',
        '',
      ].join('\n'),
    );
    expect(diagnostics.map((d) => d.message)).toEqual([
      'tcp: --dport can be given only once',
      'DNAT: --to-destination can be given only once',
    ]);
  });
});
