/**
 * docs/formats.md is held to what the CLI accepts: every example in it is run, and every
 * `docs/formats.md#…` a `--help` names is a heading there.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, root } from './test-kit.ts';

const doc = readFileSync(`${root}docs/formats.md`, 'utf8');

/** The fenced blocks under each `## ` heading, keyed by the heading's anchor. */
function examples(markdown: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const section of markdown.split(/^## /m).slice(1)) {
    const title = section.slice(0, section.indexOf('\n'));
    const blocks = [...section.matchAll(/^```\w*\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
    out.set(anchor(title), blocks);
  }
  return out;
}

/** GitHub's anchor for a heading: lower case, spaces to dashes, punctuation dropped. */
function anchor(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/\s/g, '-');
}

const blocks = examples(doc);
const dir = mkdtempSync(join(tmpdir(), 'nl-docs-'));
afterAll(() => rmSync(dir, { recursive: true }));

/** The only example of a section, written to a file the CLI can read. */
function exampleFile(section: string, name: string): string {
  const found = blocks.get(section) ?? [];
  expect(found, `one example under ## ${section}`).toHaveLength(1);
  const file = join(dir, name);
  writeFileSync(file, found[0]!);
  return file;
}

describe('docs/formats.md examples', () => {
  it('the ruleset parses without a diagnostic', () => {
    const r = cli(['parse', exampleFile('rulesets', 'example.rules')]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('the host and packet files trace a packet with no warning', () => {
    const r = cli([
      'trace',
      '--rules',
      'tests/fixtures/cli/svc-two-endpoints.rules',
      '--host',
      exampleFile('host-file', 'host.yaml'),
      '--packet',
      exampleFile('packet-file', 'packets.json'),
      '--seed',
      '1',
      '--json',
    ]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const trace = JSON.parse(r.stdout) as { packets: unknown[]; backend: string };
    expect(Object.keys(trace)).toEqual(['packets', 'backend']);
    expect(trace.packets).toHaveLength(2);
  });

  it('the cluster compiles with only info diagnostics, and the flow follows through it', () => {
    const cluster = exampleFile('cluster-documents', 'cluster.yaml');
    const compiled = cli(['compile', cluster, '--node', 'node-a']);
    expect(compiled.status).toBe(0);
    expect(compiled.stderr).not.toMatch(/: (error|warning): /);
    expect(compiled.stdout).toMatch(/--dport 30080 /);
    const flow = cli(['journey', cluster, '--flow', exampleFile('flow-file', 'flow.json')]);
    expect(flow.status).toBe(0);
    expect(flow.stderr).not.toMatch(/: (error|warning): /);
  });
});

describe('--help names the docs/formats.md section of each file format', () => {
  for (const command of ['parse', 'print', 'trace', 'compile', 'journey']) {
    it(command, () => {
      const help = cli([command, '--help']).stdout;
      const named = [...help.matchAll(/docs\/formats\.md#([\w-]+)/g)].map((m) => m[1]!);
      expect(named.length).toBeGreaterThan(0);
      for (const section of named) expect([...blocks.keys()]).toContain(section);
      expect(help).not.toMatch(/DESIGN/);
    });
  }
});
