/**
 * kube-proxy's TestSyncProxyRulesRepeated (__golden__/kube-proxy/sync-proxy-rules-repeated/): each
 * NN-step.yaml holds the cluster after one step of the test, NN-step.expected the restore input
 * kube-proxy sends for that step. Step 1 is a full sync; every later step is the partial sync
 * since the step before it, except the last, which the test forces to be a full sync.
 * The test compares texts with the Services' order and the chains' order left out (kube-proxy
 * visits Services in hash-map order), so both texts are put in one order here: per table, the
 * chain declarations sorted, the rules grouped by chain (each chain's own order kept, the
 * KUBE-SERVICES rules by the Service in their comment, the NodePort hand-off last), then the
 * deleted chains sorted. The words of each line are compared as kube-proxy writes them, but for
 * the mark: the test's fake proxier is handed `0x4000`, while kube-proxy itself formats the mark
 * with `%#08x` (`0x004000`), so hexadecimal numbers are compared without their leading zeros.
 */
import { describe, expect, it } from 'vitest';
import { loadCluster } from './manifests/load.ts';
import { partialSync } from './proxier/partial-sync.ts';
import { nodeRestoreText } from './restore/restore-text.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '__golden__',
  'kube-proxy',
  'sync-proxy-rules-repeated',
);
const NODE = 'test-node';

const steps = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => f.slice(0, -'.yaml'.length))
  .sort();

interface TableText {
  chains: string[];
  rules: string[];
  deleted: string[];
}

const LAST = 'must be the last rule';
const rank = (line: string): string =>
  line.includes(LAST) ? '\uffff' : (/--comment "?([^" :]*)/.exec(line)?.[1] ?? '');

/** A restore text in one order: see the header. */
function canonical(text: string): Record<string, TableText> {
  const out: Record<string, TableText> = {};
  let table: TableText | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/0x0+(?=[0-9a-f])/g, '0x');
    if (line.startsWith('*')) out[line.slice(1)] = table = { chains: [], rules: [], deleted: [] };
    else if (!table || line.startsWith('#') || line === '' || line === 'COMMIT') continue;
    else if (line.startsWith(':')) table.chains.push(line);
    else if (line.startsWith('-X ')) table.deleted.push(line);
    else table.rules.push(line);
  }
  for (const t of Object.values(out)) {
    t.chains.sort();
    t.deleted.sort();
    const chainOf = (l: string): string => l.split(' ')[1] ?? '';
    t.rules.sort((a, b) => {
      const byChain = chainOf(a).localeCompare(chainOf(b));
      if (byChain !== 0 || chainOf(a) !== 'KUBE-SERVICES') return byChain;
      return rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0;
    });
  }
  return out;
}

const read = (name: string, ext: string): string =>
  readFileSync(join(DIR, `${name}${ext}`), 'utf8');

function model(name: string) {
  const { model, diagnostics } = loadCluster(read(name, '.yaml'));
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return model;
}

describe('TestSyncProxyRulesRepeated', () => {
  it('has the test’s nine expected texts', () => {
    expect(steps).toHaveLength(9);
  });

  it.each(steps.map((name, i) => [name, i] as const))('%s', (name, i) => {
    const expected = canonical(read(name, '.expected'));
    const next = model(name);
    let text: string | null;
    if (i === 0) text = nodeRestoreText(next, NODE);
    else {
      const full = name.includes('full-resync');
      text = partialSync(model(steps[i - 1]!), next, NODE, { full })?.text ?? null;
    }
    expect(text).not.toBeNull();
    expect(canonical(text!)).toEqual(expected);
  });
});
