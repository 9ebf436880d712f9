// The IPv6 goldens against the kernel's own ip6tables: every compiled IPv6 ruleset (the
// dual-stack example's *.ipv6.save) is loaded into a throwaway network namespace and
// ip6tables-save must print it back unchanged; kube-proxy's IPv6 restore inputs
// (__golden__/kube-proxy/*-ipv6-*.expected) must pass ip6tables-restore --test. The IPv4
// goldens of the same example go through iptables the same way.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kernelEnvironment, kernelSuiteTitle } from './environment.ts';
import { run } from './run.ts';

const env = kernelEnvironment();
const ROOT = join(import.meta.dirname, '..', '..');
const SCENARIOS = join(ROOT, 'src/engine/scenarios/__golden__');
const KUBE_PROXY = join(ROOT, 'src/engine/cluster/__golden__/kube-proxy');
const NS = `nl6-${process.pid}`;

const compiled = readdirSync(SCENARIOS).filter((f) => /\.ipv[46]\.save$/.test(f));
const restoreInputs = readdirSync(KUBE_PROXY).filter((f) => /-ipv6-.*\.expected$/.test(f));

/** What (ip6)iptables-save prints, without its dated comment lines. */
function saved(tool: string): string {
  const out = run(['ip', 'netns', 'exec', NS, tool], {}).stdout;
  return out
    .split('\n')
    .filter((l) => !l.startsWith('#'))
    .join('\n');
}

describe.skipIf(!env.ok)(kernelSuiteTitle('ip6tables and the IPv6 goldens'), () => {
  beforeAll(() => {
    run(['ip', 'netns', 'add', NS], {});
  });
  afterAll(() => {
    run(['ip', 'netns', 'del', NS], { allowFailure: true });
  });

  it('has IPv6 goldens of both kinds', () => {
    expect(compiled.filter((f) => f.endsWith('.ipv6.save')).length).toBeGreaterThanOrEqual(2);
    expect(restoreInputs.length).toBeGreaterThanOrEqual(2);
  });

  it.each(compiled)('%s is printed back unchanged by the kernel', (name) => {
    const text = readFileSync(join(SCENARIOS, name), 'utf8');
    const v6 = name.endsWith('.ipv6.save');
    const restore = v6 ? 'ip6tables-restore' : 'iptables-restore';
    expect(
      run(['ip', 'netns', 'exec', NS, restore, '--test'], { input: text, allowFailure: true })
        .status,
    ).toBe(0);
    run(['ip', 'netns', 'exec', NS, restore], { input: text });
    expect(saved(v6 ? 'ip6tables-save' : 'iptables-save')).toBe(text);
  });

  it.each(restoreInputs)(
    "%s (kube-proxy's restore input) passes ip6tables-restore --test",
    (name) => {
      const text = readFileSync(join(KUBE_PROXY, name), 'utf8');
      const r = run(['ip', 'netns', 'exec', NS, 'ip6tables-restore', '--test'], {
        input: text,
        allowFailure: true,
      });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    },
  );
});
