// Property tests for readIpsetText: generated sets printed as `ipset save` and as `ipset list`
// text read back to the same sets; any text at all reads without throwing, with every diagnostic
// inside its line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IpSetType } from './host.ts';
import { readIpsetText } from './ipset-text.ts';

const octet = fc.integer({ min: 0, max: 255 });
const ip = fc.tuple(octet, octet, octet, octet).map((o) => o.join('.'));
const net = fc
  .tuple(ip, fc.integer({ min: 1, max: 32 }))
  .map(([a, p]) => (p === 32 ? a : `${a}/${p}`));
const port = fc
  .tuple(fc.constantFrom('tcp', 'udp', 'sctp'), fc.integer({ min: 0, max: 65535 }))
  .map(([p, n]) => `${p}:${n}`);
const iface = fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/);

const MEMBER_OF: Partial<Record<IpSetType, fc.Arbitrary<string>>> = {
  'hash:ip': ip,
  'hash:net': net,
  'hash:ip,port': fc.tuple(ip, port).map((t) => t.join(',')),
  'hash:net,port': fc.tuple(net, port).map((t) => t.join(',')),
  'hash:ip,port,ip': fc.tuple(ip, port, ip).map((t) => t.join(',')),
  'hash:ip,port,net': fc.tuple(ip, port, net).map((t) => t.join(',')),
  'hash:net,iface': fc.tuple(net, iface).map((t) => t.join(',')),
  'bitmap:port': fc.integer({ min: 0, max: 65535 }).map(String),
};
const TYPES = Object.keys(MEMBER_OF) as IpSetType[];

interface GenSet {
  name: string;
  type: IpSetType;
  withTimeout: boolean;
  members: { text: string; nomatch: boolean; timeout: number | null }[];
}

const setArb: fc.Arbitrary<GenSet> = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z][A-Za-z0-9:_.-]{0,30}$/),
    fc.constantFrom(...TYPES),
    fc.boolean(),
  )
  .chain(([name, type, withTimeout]) =>
    fc
      .array(
        fc.record({
          text: MEMBER_OF[type]!,
          nomatch: type.includes('net') ? fc.boolean() : fc.constant(false),
          timeout: withTimeout
            ? fc.option(fc.integer({ min: 0, max: 2147483 }))
            : fc.constant(null),
        }),
        { maxLength: 5 },
      )
      .map((members) => ({ name, type, withTimeout, members })),
  );

const setsArb = fc.uniqueArray(setArb, { selector: (s) => s.name, maxLength: 5 });

function memberLine(m: GenSet['members'][number]): string {
  return `${m.text}${m.timeout !== null ? ` timeout ${m.timeout}` : ''}${m.nomatch ? ' nomatch' : ''}`;
}

function createOptions(s: GenSet): string {
  const base = s.type.startsWith('bitmap')
    ? 'range 0-65535'
    : 'family inet hashsize 1024 maxelem 65536';
  return `${base}${s.withTimeout ? ' timeout 600' : ''}`;
}

function saveText(sets: GenSet[]): string {
  return sets
    .flatMap((s) => [
      `create ${s.name} ${s.type} ${createOptions(s)}`,
      ...s.members.map((m) => `add ${s.name} ${memberLine(m)}`),
    ])
    .join('\n');
}

function listText(sets: GenSet[]): string {
  return sets
    .map((s) =>
      [
        `Name: ${s.name}`,
        `Type: ${s.type}`,
        'Revision: 7',
        `Header: ${createOptions(s)}`,
        'Size in memory: 504',
        'References: 0',
        `Number of entries: ${s.members.length}`,
        'Members:',
        ...s.members.map(memberLine),
      ].join('\n'),
    )
    .join('\n\n');
}

/** What a reader must give back of a generated set. */
function shape(s: GenSet) {
  return {
    name: s.name,
    type: s.type,
    members: s.members.map((m) => [m.text, m.nomatch, m.timeout ?? undefined]),
  };
}

describe('readIpsetText (properties)', () => {
  it('reads back the sets of any generated save or list text, with no problem', () => {
    fc.assert(
      fc.property(setsArb, (sets) => {
        for (const text of [saveText(sets), listText(sets)]) {
          const r = readIpsetText(text);
          if (sets.length === 0) continue;
          expect(r.diagnostics).toEqual([]);
          expect(
            r.sets.map((s) => ({
              name: s.name,
              type: s.type,
              members: s.members.map((m) => [m.text, m.nomatch === true, m.timeout]),
            })),
          ).toEqual(sets.map(shape));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('never throws, and places every diagnostic inside its line', () => {
    const word = fc.oneof(
      fc.constantFrom(
        'create',
        'add',
        'del',
        'swap',
        'Name:',
        'Members:',
        'nomatch',
        '"',
        'hash:ip',
      ),
      fc.string({ maxLength: 12 }),
      ip,
    );
    const line = fc.array(word, { maxLength: 6 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
        const text = lines.join('\n');
        const r = readIpsetText(text);
        const rows = text.split('\n');
        for (const d of r.diagnostics) {
          expect(d.line).toBeGreaterThanOrEqual(1);
          expect(d.line).toBeLessThanOrEqual(rows.length);
          expect(d.column).toBeGreaterThanOrEqual(1);
          expect(d.endColumn).toBeGreaterThanOrEqual(d.column);
          expect(d.endColumn).toBeLessThanOrEqual(rows[d.line - 1]!.length + 1);
        }
      }),
      { numRuns: 300 },
    );
  });
});
