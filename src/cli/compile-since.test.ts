/** `compile --since PREVIOUS.yaml`: the restore input of kube-proxy's partial sync. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DUAL_STACK_YAML } from '../engine/scenarios/dual-stack.ts';
import { cli, root } from './test-kit.ts';

const before = `${root}src/engine/cluster/__golden__/kube-proxy/overall-1.28.yaml`;
const dir = mkdtempSync(join(tmpdir(), 'nl-since-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('netfilter-lab compile --since', () => {
  it("rewrites the changed Service's chains and deletes the chain of its removed endpoint", () => {
    // ns4/svc4 loses its endpoint 10.180.0.4
    const text = readFileSync(before, 'utf8').replace(
      'endpoints: [{addresses: [10.180.0.4]}, {addresses: [10.180.0.5], nodeName: test-hostname}]',
      'endpoints: [{addresses: [10.180.0.5], nodeName: test-hostname}]',
    );
    const after = join(dir, 'after.yaml');
    writeFileSync(after, text);
    const r = cli(['compile', after, '--node', 'test-hostname', '--since', before]);
    expect(r.stderr).not.toContain('error');
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.slice(0, 1)).toEqual(['*filter']);
    expect(lines).toContain(':KUBE-SVC-4SW47YFZTEDKD3PK - [0:0]');
    expect(lines).toContain('-X KUBE-SEP-UKSFD7AGPMPPLUHC');
    // the other Services' chains stay as they are in the kernel
    expect(lines.filter((l) => l.startsWith(':KUBE-SVC-'))).toEqual([
      ':KUBE-SVC-4SW47YFZTEDKD3PK - [0:0]',
    ]);
    expect(lines.at(-2)).toContain('kubernetes service nodeports');
  });

  const repeated = `${root}src/engine/cluster/__golden__/kube-proxy/sync-proxy-rules-repeated/`;

  it('writes only the chain lines and deletions of a deleted Service (TestSyncProxyRulesRepeated)', () => {
    const r = cli([
      'compile',
      `${repeated}03-delete-svc2.yaml`,
      '--since',
      `${repeated}02-add-svc3.yaml`,
    ]);
    expect(r.status).toBe(0);
    const nat = r.stdout.slice(r.stdout.indexOf('*nat')).trim().split('\n');
    expect(nat.filter((l) => /^(:KUBE-(SVC|SEP)-|-X )/.test(l)).sort()).toEqual([
      '-X KUBE-SEP-UHEGFW77JX3KXTOV',
      '-X KUBE-SVC-2VJB64SDSIJUP5T6',
      ':KUBE-SEP-UHEGFW77JX3KXTOV - [0:0]',
      ':KUBE-SVC-2VJB64SDSIJUP5T6 - [0:0]',
    ]);
  });

  it('with --full, rewrites every chain and still deletes the stale ones', () => {
    const args = ['compile', `${repeated}09-delete-svc4-full-resync.yaml`];
    const since = ['--since', `${repeated}08-no-change.yaml`];
    const partial = cli([...args, ...since]).stdout;
    const r = cli([...args, ...since, '--full']);
    expect(r.status).toBe(0);
    for (const line of [':KUBE-SVC-XPGD46QRK7WJZT7O - [0:0]', '-X KUBE-SVC-4SW47YFZTEDKD3PK'])
      expect(r.stdout.split('\n')).toContain(line);
    expect(partial).not.toContain(':KUBE-SVC-XPGD46QRK7WJZT7O');
    expect(partial).toContain('-X KUBE-SVC-4SW47YFZTEDKD3PK');
  });

  it('refuses --full without --since', () => {
    const r = cli(['compile', `${repeated}08-no-change.yaml`, '--full']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--full goes with --since');
  });

  it('is a usage error when the node is not in the previous cluster', () => {
    const other = join(dir, 'other.yaml');
    writeFileSync(other, readFileSync(before, 'utf8').replaceAll('test-hostname', 'elsewhere'));
    const r = cli(['compile', before, '--node', 'test-hostname', '--since', other]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('no node "test-hostname"');
  });

  it('with --family ipv6, prints the IPv6 proxier’s sync; an IPv4-only cluster has none', () => {
    const dual = join(dir, 'dual-before.yaml');
    const yaml = DUAL_STACK_YAML;
    writeFileSync(dual, yaml);
    const scaled = join(dir, 'dual-after.yaml');
    writeFileSync(
      scaled,
      yaml.replace(/---\napiVersion: v1\nkind: Pod\nmetadata: \{name: web-2[\s\S]*?(?=---)/, ''),
    );
    const r = cli(['compile', scaled, '--node', 'node-a', '--since', dual, '--family', 'ipv6']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('--to-destination [fd00:10:244::5]:8080');
    expect(r.stdout).toMatch(/^-X KUBE-SEP-/m);
    expect(r.stdout).not.toMatch(/10\.244\.\d+\.\d+/);
    const v4 = cli([
      'compile',
      before,
      '--node',
      'test-hostname',
      '--since',
      before,
      '--family',
      'ipv6',
    ]);
    expect(v4.status).toBe(2);
    expect(v4.stderr).toContain('no IPv6 sync');
  }, 30_000);
});
