/**
 * Property tests: random rulesets survive print → parse in every format (iptables-save, -S, and
 * -L -n -v -x for the modules -L can show completely), and no text whatever — random strings,
 * random bytes, a soup of iptables tokens — makes a parser throw or report a position outside
 * the text. Runs are bounded so the suite stays fast; a failure prints its seed for replay.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRuleset } from './parse.ts';
import { printSave } from './save-printer.ts';
import { printS } from './s-printer.ts';
import { printList } from './list-printer.ts';
import { comparableRuleset } from './compare.ts';
import { BUILTIN_CHAINS, type DumpFormat, type TableName } from './model.ts';

const RUNS = 200;
/** generous: the machine running the suite may be busy */
const TIMEOUT = 60_000;

const USER_CHAINS = ['KUBE-SVC-ABC', 'DOCKER', 'U1', 'my_chain-2'] as const;
const IFACES = ['eth0', 'docker0', 'veth+', 'lo', 'cni0'];

const neg = fc.boolean().map((b) => (b ? '! ' : ''));
const octet = fc.integer({ min: 0, max: 255 });
const cidr = fc
  .tuple(octet, octet, octet, octet, fc.integer({ min: 0, max: 32 }))
  .map(([a, b, c, d, p]) => `${a}.${b}.${c}.${d}/${p}`);
const port = fc.integer({ min: 0, max: 65535 });
const portRange = fc.oneof(
  port.map(String),
  fc.tuple(port, port).map(([a, b]) => `${Math.min(a, b)}:${Math.max(a, b)}`),
);
const hex32 = fc.integer({ min: 0, max: 0xffffffff }).map((v) => `0x${v.toString(16)}`);
const counters = fc.tuple(fc.nat(), fc.nat()).map(([p, b]) => `[${p}:${b}]`);

/** Comment text with quotes, backslashes, spaces and non-ASCII; no line breaks and no `*\/`. */
const commentText = fc
  .array(
    fc.constantFrom(
      'a',
      'Z',
      '0',
      ' ',
      '"',
      "'",
      '\\',
      '-',
      '/',
      ':',
      '>',
      '한',
      'é',
      '\t',
      '*',
      '!',
    ),
    { maxLength: 24 },
  )
  .map((cs) => cs.join('').replace(/\*\//g, '*'));

const quote = (s: string) => `"${s.replace(/["\\']/g, (m) => `\\${m}`)}"`;

interface RuleCtx {
  table: TableName;
  chain: string;
  /** user chains this rule may jump to without making a loop */
  jumpable: readonly string[];
}

function ruleText(ctx: RuleCtx): fc.Arbitrary<string> {
  const proto = fc.constantFrom('', 'tcp', 'udp', 'icmp', '47');
  return fc
    .record({
      src: fc.option(fc.tuple(neg, cidr), { nil: undefined }),
      dst: fc.option(fc.tuple(neg, cidr), { nil: undefined }),
      inIf: fc.option(fc.tuple(neg, fc.constantFrom(...IFACES)), { nil: undefined }),
      outIf: fc.option(fc.tuple(neg, fc.constantFrom(...IFACES)), { nil: undefined }),
      proto: fc.tuple(fc.boolean(), proto),
      frag: fc.constantFrom('', '-f', '! -f'),
      ports: fc.option(fc.tuple(neg, portRange, neg, portRange, fc.boolean()), { nil: undefined }),
      comment: fc.option(commentText, { nil: undefined }),
      statistic: fc.option(
        fc.oneof(
          fc
            .tuple(neg, fc.integer({ min: 0, max: 0x80000000 }))
            .map(
              ([n, t]) =>
                `-m statistic --mode random ${n}--probability ${(t / 0x80000000).toFixed(11)}`,
            ),
          fc
            .tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 8 }))
            .map(([e, p]) => `-m statistic --mode nth --every ${e} --packet ${Math.min(p, e - 1)}`),
        ),
        { nil: undefined },
      ),
      mark: fc.option(
        fc.tuple(neg, hex32, hex32).map(([n, v, m]) => `-m mark ${n}--mark ${v}/${m}`),
        { nil: undefined },
      ),
      target: fc.constantFrom('none', 'ACCEPT', 'DROP', 'RETURN', 'jump', 'goto', 'DNAT', 'MARK'),
      chainPick: fc.nat(),
      dnat: fc
        .tuple(octet, octet, fc.option(port, { nil: undefined }))
        .map(([a, b, p]) => `10.${a}.${b}.1${p === undefined ? '' : `:${p}`}`),
      xmark: fc.tuple(hex32, hex32),
      counters: fc.option(counters, { nil: undefined }),
    })
    .map((r) => {
      const w: string[] = [];
      if (r.counters) w.push(r.counters);
      w.push('-A', ctx.chain);
      if (r.src) w.push(`${r.src[0]}-s ${r.src[1]}`);
      if (r.dst) w.push(`${r.dst[0]}-d ${r.dst[1]}`);
      if (r.inIf && ctx.chain !== 'OUTPUT' && ctx.chain !== 'POSTROUTING')
        w.push(`${r.inIf[0]}-i ${r.inIf[1]}`);
      if (r.outIf && ctx.chain !== 'INPUT' && ctx.chain !== 'PREROUTING')
        w.push(`${r.outIf[0]}-o ${r.outIf[1]}`);
      const [protoNeg, p] = r.proto;
      if (p) w.push(`${protoNeg ? '! ' : ''}-p ${p}`);
      if (r.frag) w.push(r.frag);
      if (r.comment !== undefined) w.push(`-m comment --comment ${quote(r.comment)}`);
      if (r.ports && !protoNeg && (p === 'tcp' || p === 'udp')) {
        const [sn, sp, dn, dp, flags] = r.ports;
        w.push(`-m ${p} ${sn}--sport ${sp} ${dn}--dport ${dp}`);
        if (flags && p === 'tcp') w.push('--tcp-flags SYN,ACK SYN');
      }
      if (r.statistic) w.push(r.statistic);
      if (r.mark) w.push(r.mark);
      const natHook =
        ctx.chain === 'PREROUTING' ||
        ctx.chain === 'OUTPUT' ||
        !BUILTIN_CHAINS[ctx.table].includes(ctx.chain);
      switch (r.target) {
        case 'none':
          break;
        case 'jump':
        case 'goto': {
          const to = ctx.jumpable[r.chainPick % Math.max(1, ctx.jumpable.length)];
          if (to) w.push(`${r.target === 'goto' ? '-g' : '-j'} ${to}`);
          break;
        }
        case 'DNAT':
          {
            // a port needs a protocol that has ports
            const to =
              !protoNeg && (p === 'tcp' || p === 'udp') ? r.dnat : r.dnat.replace(/:\d+$/, '');
            if (ctx.table === 'nat' && natHook) w.push(`-j DNAT --to-destination ${to}`);
            break;
          }
          break;
        case 'MARK':
          w.push(`-j MARK --set-xmark ${r.xmark[0]}/${r.xmark[1]}`);
          break;
        default:
          w.push(`-j ${r.target}`);
      }
      return w.join(' ');
    });
}

function tableText(table: TableName): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.subarray([...USER_CHAINS]),
      fc.array(fc.tuple(fc.constantFrom('ACCEPT', 'DROP'), counters), {
        minLength: 5,
        maxLength: 5,
      }),
      fc.nat(),
    )
    .chain(([users, policies]) => {
      const chains = [...BUILTIN_CHAINS[table], ...users];
      const perChain = chains.map((chain, i) => {
        // built-in chains jump to any user chain; a user chain only to later ones: no loops
        const jumpable =
          i < BUILTIN_CHAINS[table].length
            ? users
            : users.slice((users as readonly string[]).indexOf(chain) + 1);
        return fc.array(ruleText({ table, chain, jumpable }), { maxLength: 3 });
      });
      return fc.tuple(...perChain).map((rules) => {
        const lines = [`*${table}`];
        BUILTIN_CHAINS[table].forEach((c, i) =>
          lines.push(`:${c} ${policies[i]![0]} ${policies[i]![1]}`),
        );
        for (const u of users) lines.push(`:${u} - [0:0]`);
        for (const r of rules) lines.push(...r);
        lines.push('COMMIT');
        return lines.join('\n');
      });
    });
}

function rulesetText(tables: readonly TableName[]): fc.Arbitrary<string> {
  return fc
    .shuffledSubarray([...tables], { minLength: 1 })
    .chain((ts) => fc.tuple(...ts.map(tableText)))
    .map((parts) => `${parts.join('\n')}\n`);
}

const FOUR: TableName[] = ['raw', 'mangle', 'nat', 'filter'];
const ALL: TableName[] = [...FOUR, 'security'];

function parseClean(text: string, format?: DumpFormat) {
  const r = parseRuleset(text, format ? { format } : {});
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) throw new Error(`unexpected errors: ${JSON.stringify(errors)}\n${text}`);
  return r;
}

describe('print → parse is the identity', () => {
  it(
    'iptables-save (with counters)',
    () => {
      fc.assert(
        fc.property(rulesetText(ALL), (text) => {
          const m1 = parseClean(text, 'save');
          const printed = printSave(m1.ruleset, { counters: true });
          const m2 = parseClean(printed, 'save');
          expect(comparableRuleset(m2.ruleset)).toEqual(comparableRuleset(m1.ruleset));
          expect(printSave(m2.ruleset, { counters: true })).toBe(printed);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'iptables -S -v, tables told apart by their chains alone',
    () => {
      fc.assert(
        fc.property(rulesetText(FOUR), (text) => {
          const m1 = parseClean(text, 'save');
          const m3 = parseClean(printS(m1.ruleset, { counters: true }));
          expect(m3.ruleset.format).toBe('S');
          expect(comparableRuleset(m3.ruleset)).toEqual(comparableRuleset(m1.ruleset));
          expect(m3.diagnostics.filter((d) => d.code === 'assumed-table')).toEqual([]);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'iptables -S with table headings, security included',
    () => {
      fc.assert(
        fc.property(rulesetText(ALL), (text) => {
          const m1 = parseClean(text, 'save');
          const m3 = parseClean(printS(m1.ruleset, { headings: true }));
          const expected = comparableRuleset(m1.ruleset);
          // plain -S prints no counters
          for (const t of expected.tables)
            for (const c of t.chains) {
              c.counters = { packets: 0, bytes: 0 };
              for (const r of c.rules) r.counters = { packets: 0, bytes: 0 };
            }
          expect(comparableRuleset(m3.ruleset)).toEqual(expected);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'iptables -L -n -v -x, for what -L shows completely',
    () => {
      fc.assert(
        fc.property(rulesetText(FOUR), fc.boolean(), (text, lineNumbers) => {
          const m1 = parseClean(text, 'save');
          const m4 = parseClean(printList(m1.ruleset, { exact: true, lineNumbers }));
          expect(m4.ruleset.format).toBe('L');
          expect(comparableRuleset(m4.ruleset)).toEqual(comparableRuleset(m1.ruleset));
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});

const FORMATS: (DumpFormat | undefined)[] = [undefined, 'save', 'S', 'L'];
const SOUP = [
  '-A',
  '!',
  '"',
  "'",
  '\\',
  '-m',
  '*filter',
  '*nat',
  'COMMIT',
  '-P',
  '-N',
  '-I',
  'INPUT',
  'KUBE',
  'Chain',
  '(policy',
  'ACCEPT)',
  '(3',
  'references)',
  'ACCEPT',
  'tcp',
  '--dport',
  '80',
  ':',
  ':INPUT',
  '[0:0]',
  '[1:x]',
  '\n',
  '\r\n',
  ' ',
  '  ',
  '\t',
  '/*',
  '*/',
  '-j',
  '-g',
  'DROP',
  '0',
  '--',
  '-f',
  '!f',
  '*',
  '0.0.0.0/0',
  '::/0',
  '[goto]',
  '-c',
  '1',
  '100K',
  '# iptables -t nat -S',
  'pkts bytes target prot opt in out source destination',
  'comment',
  '--comment',
  'DNAT',
  'to:1.2.3.4:80',
  'MARK or 0x4000',
  '-s',
  '10.0.0.0/8',
  '#',
];

function expectWellFormed(
  text: string,
  format: DumpFormat | undefined,
  table: string | undefined,
): void {
  const r = parseRuleset(text, { ...(format ? { format } : {}), ...(table ? { table } : {}) });
  const lines = text.split('\n').length;
  const bad = r.diagnostics.filter(
    (d) =>
      !(
        d.line >= 1 &&
        d.column >= 1 &&
        d.endLine >= d.line &&
        d.line <= lines &&
        (d.endLine > d.line || d.endColumn >= d.column)
      ),
  );
  expect(bad).toEqual([]);
  // a ruleset is plain data and prints in every format without throwing
  printSave(r.ruleset);
  printS(r.ruleset);
  printList(r.ruleset);
}

describe('no text makes a parser throw', () => {
  const format = fc.constantFrom(...FORMATS);
  const table = fc.option(fc.constantFrom('filter', 'nat', 'bogus'), { nil: undefined });

  it(
    'random strings',
    () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 300, unit: 'binary' }), format, table, expectWellFormed),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'random bytes',
    () => {
      const bytes = fc.uint8Array({ maxLength: 300 }).map((a) => String.fromCharCode(...a));
      fc.assert(fc.property(bytes, format, table, expectWellFormed), { numRuns: RUNS });
    },
    TIMEOUT,
  );

  it(
    'a soup of iptables tokens',
    () => {
      const soup = fc.array(fc.constantFrom(...SOUP), { maxLength: 60 }).map((ws) => ws.join(' '));
      fc.assert(fc.property(soup, format, table, expectWellFormed), { numRuns: RUNS });
    },
    TIMEOUT,
  );
});
