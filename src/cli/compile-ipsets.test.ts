/**
 * `compile` gives what a node with NetworkPolicy rules needs besides them: `--hosts` carries the
 * ipsets the rules name, and `--ipset-save` prints them as ipset save does, so both load.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cli } from './test-kit.ts';
import { readIpsetText } from '../engine/netfilter/index.ts';

const cluster = 'lessons/11-netpol-calico/cluster.yaml';
const SET = 'cali40s:1UBiHC8Xzjs6W4OA7XHSnfz';
// frontend (10.244.1.10, by its cali interface) straight to api-0 on port 80, the port its
// policy allows from frontend's set
const PACKET = {
  in: 'cali9b723216629',
  proto: 'tcp',
  src: '10.244.1.10',
  sport: 40000,
  dst: '10.244.1.5',
  dport: 80,
  tcpFlags: 'SYN',
};

function files(): (name: string, text: string) => string {
  const dir = mkdtempSync(join(tmpdir(), 'ipsets-'));
  return (name, text) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
}

function verdict(stdout: string): string {
  return (JSON.parse(stdout) as { packets: { result: { verdict: string } }[] }).packets[0]!.result
    .verdict;
}

describe('compile with NetworkPolicy sets', () => {
  it('puts the sets the rules name in the host, where trace --host finds them', () => {
    const one = cli(['compile', cluster, '--hosts', '--node', 'node-1']);
    expect(one.status).toBe(0);
    const host = parse(one.stdout) as { ipsets?: { name: string; members: string[] }[] };
    expect(host.ipsets?.find((s) => s.name === SET)?.members).toEqual(['10.244.1.10']);
    const file = files();
    const rules = file('node-1.rules', cli(['compile', cluster, '--node', 'node-1']).stdout);
    const hostFile = file('node-1.yaml', one.stdout);
    const packet = file('p.json', JSON.stringify(PACKET));
    const traced = cli([
      'trace',
      '--rules',
      rules,
      '--host',
      hostFile,
      '--packet',
      packet,
      '--json',
    ]);
    expect(traced.status).toBe(0);
    expect(verdict(traced.stdout)).toBe('ACCEPT');
  }, 60_000);

  it('prints the sets as ipset save does with --ipset-save', () => {
    const saved = cli(['compile', cluster, '--node', 'node-1', '--ipset-save']);
    expect(saved.status).toBe(0);
    expect(saved.stdout).toMatch(new RegExp(`^create ${SET} hash:net family inet`, 'm'));
    const read = readIpsetText(saved.stdout);
    expect(read.diagnostics).toEqual([]);
    expect(read.sets.find((s) => s.name === SET)?.members.map((m) => m.text)).toEqual([
      '10.244.1.10',
    ]);
  }, 60_000);

  it('adds no sets to the hosts of a cluster without a policy engine', () => {
    const hosts = cli(['compile', 'lessons/09-etp-local/cluster.yaml', '--hosts', '--json']);
    expect(hosts.status).toBe(0);
    for (const h of Object.values(JSON.parse(hosts.stdout) as Record<string, object>))
      expect(h).not.toHaveProperty('ipsets');
  }, 60_000);
});
