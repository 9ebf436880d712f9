/**
 * Random iptables-save rulesets for property tests (roundtrip.property.test.ts):
 * every table with its built-in chains, some user chains, rules with core options, common
 * modules, counters and targets, and jumps that never make a loop.
 */
import fc from 'fast-check';
import { BUILTIN_CHAINS, type TableName } from './model.ts';

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

export function rulesetText(tables: readonly TableName[]): fc.Arbitrary<string> {
  return fc
    .shuffledSubarray([...tables], { minLength: 1 })
    .chain((ts) => fc.tuple(...ts.map(tableText)))
    .map((parts) => `${parts.join('\n')}\n`);
}

export const FOUR: TableName[] = ['raw', 'mangle', 'nat', 'filter'];
export const ALL: TableName[] = [...FOUR, 'security'];
