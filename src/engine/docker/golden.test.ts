// Goldens: the rules dockerd 28.5.2 wrote in moby's own integration tests (the iptables -S output
// each __golden__/*.save file's header names), compared table by table with what the compiler
// writes for the same host described as a DockerHost document.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileDockerHost } from './index.ts';

const golden = (name: string) =>
  readFileSync(new URL(`./__golden__/${name}.save`, import.meta.url), 'utf8');

/** Each table's lines (`*table` to COMMIT) without comments. */
function tables(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let name = '';
  let lines: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line === '') continue;
    if (line.startsWith('*')) {
      name = line.slice(1);
      lines = [line];
    } else lines.push(line);
    if (line === 'COMMIT') out.set(name, lines.join('\n'));
  }
  return out;
}

const host = (spec: string) => `apiVersion: netfilter-lab/v1alpha1
kind: DockerHost
metadata: {name: moby-test}
spec:
  forwardPolicy: ACCEPT
${spec.replace(/^/gm, '  ')}
`;

const BRIDGE1 = (extra = '') =>
  `networks:\n- {name: bridge1, bridge: bridge1, subnet: 192.0.2.0/24${extra}}\n`;

const CASES: [golden: string, yaml: string][] = [
  ['new-daemon', host('')],
  [
    'usernet-portmap',
    host(`${BRIDGE1()}containers:\n- {name: c1, networks: [bridge1], ports: ['8080:80']}`),
  ],
  [
    'usernet-portmap-noproxy',
    host(
      `userlandProxy: false\n${BRIDGE1()}containers:\n- {name: c1, networks: [bridge1], ports: ['8080:80']}`,
    ),
  ],
  [
    'usernet-portmap-noicc',
    host(
      `${BRIDGE1(', icc: false')}containers:\n- {name: c1, networks: [bridge1], ports: ['8080:80']}`,
    ),
  ],
  [
    'usernet-portmap-lo',
    host(
      `${BRIDGE1()}containers:\n- {name: c1, networks: [bridge1], ports: ['127.0.0.1:8080:80']}`,
    ),
  ],
];

describe('Docker 28.5.2 goldens from moby', () => {
  it.each(CASES)('%s', (name, yaml) => {
    const compiled = compileDockerHost(yaml);
    expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const want = tables(golden(name));
    const got = tables(compiled.rulesetText);
    expect(want.size).toBeGreaterThan(0);
    for (const [table, text] of want) expect(got.get(table), table).toBe(text);
  });
});
