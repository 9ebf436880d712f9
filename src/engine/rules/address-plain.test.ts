// The fast paths' in-place readers of canonical IPv4 text must agree with the full parsers
// (parseCidr, parseNatRange) on everything they accept, and refuse what those print differently.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCidr, parseCidr, plainIPv4, plainIPv4Cidr } from './address.ts';
import { parseNatRange, plainNatRange } from '../modules/target/nat-range.ts';

const SAMPLES = [
  '10.0.0.1',
  '10.0.0.1/32',
  '10.0.0.0/8',
  '10.1.0.0/8',
  '0.0.0.0/0',
  '1.2.3.4/0',
  '255.255.255.255/32',
  '256.1.1.1/32',
  '010.0.0.1/32',
  '10.0.0.0/08',
  '10.0.0.0/',
  '10.0.0.0/33',
  '10.0.0.0/255.0.0.0',
  '10.0.0',
  '10.0.0.0.0',
  '1.2.3.4/3x',
  '',
  '/8',
  '192.168.0.0/16',
  '172.16.0.0/12',
];

const octet = fc.oneof(
  fc.integer({ min: 0, max: 300 }).map(String),
  fc.constantFrom('0', '00', '01'),
);
const ipv4 = fc.tuple(octet, octet, octet, octet).map((p) => p.join('.'));
const cidrText = fc
  .tuple(
    ipv4,
    fc.option(
      fc.oneof(fc.integer({ min: 0, max: 40 }).map(String), fc.constantFrom('08', '', 'x')),
    ),
  )
  .map(([a, p]) => (p === null ? a : `${a}/${p}`));

function checkCidr(text: string): void {
  const plain = plainIPv4Cidr(`xx ${text} yy`, 3, 3 + text.length);
  const full = parseCidr(text, 'ipv4');
  if (plain === undefined) return;
  expect(plain.cidr).toEqual(full);
  expect(plain.canonical).toBe(formatCidr(full!) === text);
}

describe('plainIPv4Cidr', () => {
  it('reads canonical addresses as parseCidr does', () => {
    expect(plainIPv4Cidr('10.0.0.0/8', 0, 10)).toEqual({
      cidr: { family: 'ipv4', address: '10.0.0.0', prefix: 8 },
      canonical: true,
    });
    expect(plainIPv4Cidr('10.0.0.1', 0, 8)).toEqual({
      cidr: { family: 'ipv4', address: '10.0.0.1', prefix: 32 },
      canonical: false,
    });
  });

  it('leaves the rest to parseCidr', () => {
    for (const t of [
      '10.1.0.0/8',
      '010.0.0.1/32',
      '10.0.0.0/08',
      '10.0.0.0/',
      '10.0.0.0/33',
      '10.0.0.0/255.0.0.0',
      '1.2.3.4/0',
    ])
      expect(plainIPv4Cidr(t, 0, t.length)).toBeUndefined();
  });

  it('agrees with parseCidr on samples and random text', () => {
    for (const t of SAMPLES) checkCidr(t);
    fc.assert(
      fc.property(cidrText, (t) => checkCidr(t)),
      { numRuns: 2000 },
    );
  });

  it('gives parseIPv4 value or -1', () => {
    expect(plainIPv4('a10.0.0.1', 1, 9)).toBe(0x0a000001);
    expect(plainIPv4('10.0.0.01', 0, 9)).toBe(-1);
  });
});

describe('plainNatRange', () => {
  it('reads ADDR and ADDR:PORT as parseNatRange does', () => {
    expect(plainNatRange('10.244.1.2:8080')).toEqual({
      minPort: 8080,
      maxPort: 8080,
      minIp: '10.244.1.2',
      maxIp: '10.244.1.2',
    });
    expect(plainNatRange('10.244.1.2')).toEqual({ minIp: '10.244.1.2', maxIp: '10.244.1.2' });
    for (const t of [
      '10.0.0.1:080',
      '10.0.0.1:65536',
      '10.0.0.1:',
      '10.0.0.1:1-2',
      '10.0.0.1-10.0.0.2',
      '[::1]:80',
    ])
      expect(plainNatRange(t)).toBeUndefined();
  });

  it('agrees with parseNatRange on random text', () => {
    const port = fc.oneof(
      fc.integer({ min: 0, max: 70000 }).map(String),
      fc.constantFrom('', '0', '00', '080', 'http'),
    );
    const text = fc.tuple(ipv4, fc.option(port)).map(([a, p]) => (p === null ? a : `${a}:${p}`));
    fc.assert(
      fc.property(text, (t) => {
        const plain = plainNatRange(t);
        if (plain === undefined) return;
        const full = parseNatRange(t, 'ipv4');
        expect(full.ok && full.value).toEqual(plain);
      }),
      { numRuns: 2000 },
    );
  });
});
