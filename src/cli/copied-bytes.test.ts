/**
 * print's bytes for a copied dump (copied-bytes.ts): copied from the dump's own bytes when it is
 * ASCII, encoded from the text otherwise, and in both cases the bytes of the text parsing and
 * printing give.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { copySaveParts, parseRuleset, printSave } from '../engine/rules/index.ts';
import { generateKubeDump } from '../../scripts/bench/generate-kube.ts';
import { shuffleRules } from '../../scripts/bench/shuffle-dump.ts';
import { copiedBytes } from './copied-bytes.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/${name}`, import.meta.url));

/** The bytes print writes for `bytes`, read as readInput reads them, and whether the copied
 * text was made into a string on the way. */
function printed(bytes: Buffer): { out: Buffer; joined: boolean } {
  const text = bytes.toString('utf8');
  const copied = copySaveParts(text);
  expect(copied, 'copy mode copies the dump').toBeDefined();
  const join = vi.spyOn(copied!, 'toString');
  const out = copiedBytes(copied!, bytes);
  return { out, joined: join.mock.calls.length > 0 };
}

const printedBytes = (bytes: Buffer) => printed(bytes).out;

/** What parsing and printing the dump gives, as UTF-8. */
function expected(bytes: Buffer): Buffer {
  return Buffer.from(printSave(parseRuleset(bytes.toString('utf8')).ruleset), 'utf8');
}

describe('the bytes print writes for a copied dump', () => {
  it('are the printed text for dumps iptables-save wrote, copied from their bytes', () => {
    for (const name of ['seeds-eks-nodelocal.rules', 'docker-ufw.rules', 'calico.rules']) {
      const bytes = fixture(name);
      const { out, joined } = printed(bytes);
      expect(out.equals(expected(bytes)), name).toBe(true);
      expect(joined, name).toBe(false);
    }
  });

  it('group a kube-proxy dump chain by chain, in its order and interleaved', () => {
    const text = generateKubeDump({ rules: 2000, seed: 5 }).text;
    for (const dump of [text, shuffleRules(text, 2)]) {
      const bytes = Buffer.from(dump, 'utf8');
      expect(printedBytes(bytes).toString('utf8')).toBe(expected(bytes).toString('utf8'));
    }
  });

  it('end every line with a bare line feed when the dump has CR LF endings', () => {
    const dump =
      '*filter\r\n:INPUT ACCEPT [0:0]\r\n:A - [0:0]\r\n-A INPUT -j A\r\n-A A -j ACCEPT\r\n-A INPUT -j DROP\r\nCOMMIT\r\n';
    const bytes = Buffer.from(dump, 'utf8');
    const out = printedBytes(bytes).toString('utf8');
    expect(out).not.toContain('\r');
    expect(out).toBe(expected(bytes).toString('utf8'));
  });

  it('are encoded from the text when the dump is not ASCII (a comment in Korean)', () => {
    const dump =
      '*filter\n:INPUT ACCEPT [0:0]\n:A - [0:0]\n-A A -m comment --comment "웹 서버" -j ACCEPT\n-A INPUT -j A\nCOMMIT\n';
    const bytes = Buffer.from(dump, 'utf8');
    const { out, joined } = printed(bytes);
    expect(joined).toBe(true);
    expect(out.equals(expected(bytes))).toBe(true);
    expect(out.toString('utf8')).toContain('"웹 서버"');
  });

  it('are encoded from the text when it is not what the bytes decode to (a byte order mark)', () => {
    const dump = '*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -j ACCEPT\nCOMMIT\n';
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(dump)]);
    const copied = copySaveParts(dump)!;
    expect(copiedBytes(copied, bytes).toString('utf8')).toBe(dump);
    expect(copiedBytes(copied, undefined).toString('utf8')).toBe(dump);
  });
});
