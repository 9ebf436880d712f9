import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileDockerHost } from './index.ts';

const doc = (spec: string) =>
  `apiVersion: netfilter-lab/v1alpha1\nkind: DockerHost\nmetadata: {name: h}\nspec:\n${spec.replace(/^/gm, '  ')}\n`;

const errors = (text: string) =>
  compileDockerHost(text).diagnostics.filter((d) => d.severity === 'error');

describe('DockerHost reader', () => {
  it('reports a port published twice at the second one, and keeps the first', () => {
    const text = doc(`containers:
- {name: a, ports: ['8080:80']}
- {name: b, ports: ['8080:81']}`);
    const [e, ...rest] = errors(text);
    expect(rest).toEqual([]);
    expect(e).toMatchObject({ code: 'duplicate-published-port', line: 7 });
    expect(e?.message).toContain('container a (8080:80)');
    const out = compileDockerHost(text).rulesetText;
    expect(out).toContain('--dport 8080 -j DNAT --to-destination 172.17.0.2:80');
    expect(out).not.toContain('172.17.0.3:81');
  });

  it('lets one port be published on two host addresses, and a udp port beside a tcp one', () => {
    const text = doc(`containers:
- {name: a, ports: ['127.0.0.1:8080:80', '8081:80', '8081:80/udp']}
- {name: b, ports: ['10.0.0.9:8080:80']}`);
    expect(errors(text)).toEqual([]);
  });

  it('reports a container on a network the host does not define, at the name', () => {
    const [e] = errors(doc(`containers:\n- {name: a, networks: [frontend]}`));
    expect(e).toMatchObject({ code: 'unknown-network', line: 6, column: 26 });
    expect(e?.message).toContain('networks: bridge');
  });

  it('reports a subnet that is not a CIDR, and still compiles the rest', () => {
    const text = doc(`networks:
- {name: back, subnet: 172.30.0/16}
- {name: front, subnet: 172.31.0.0/16}
containers:
- {name: a, networks: [front], ports: ['80:80']}`);
    const [e, ...rest] = errors(text);
    expect(e).toMatchObject({ code: 'bad-value', line: 6 });
    expect(e?.message).toContain('is not an IPv4 CIDR');
    expect(rest).toEqual([]);
    expect(compileDockerHost(text).rulesetText).toContain('-s 172.31.0.0/16 ! -o br-');
  });

  it('refuses a port without a host port and a malformed one, saying how to write it', () => {
    const [a, b] = errors(doc(`containers:\n- {name: a, ports: ['80', '80:80:tcp']}`));
    expect(a?.message).toContain('give the host port too');
    expect(b?.message).toContain('[HOST_IP:]HOST_PORT:CONTAINER_PORT');
  });

  it('gives a user network without a subnet the next /16 of the default pool', () => {
    const out = compileDockerHost(doc(`networks:\n- {name: app}`));
    expect(out.spec?.networks.map((n) => n.subnet.address >>> 16)).toEqual([0xac11, 0xac12]);
    expect(
      out.diagnostics.some((d) => d.code === 'assumed' && d.message.includes('172.18.0.0/16')),
    ).toBe(true);
  });

  it('says when the text has no DockerHost', () => {
    expect(errors('kind: Pod\nmetadata: {name: p}\n')[0]?.message).toContain('no kind: DockerHost');
  });
});

describe('Docker rule provenance', () => {
  it('names the network, container and port of each rule, by the ruleset ids', () => {
    const out = compileDockerHost(doc(`containers:\n- {name: web, ports: ['8080:80']}`));
    const dnat = out.ruleset.tables
      .find((t) => t.name === 'nat')!
      .chains.find((c) => c.name === 'DOCKER')!
      .rules.find((r) => r.target?.name === 'DNAT')!;
    expect(out.provenance.get(dnat.id)).toEqual({
      role: 'published-dnat',
      network: 'bridge',
      container: 'web',
      port: '8080:80',
    });
    // every rule has one
    for (const t of out.ruleset.tables)
      for (const c of t.chains)
        for (const r of c.rules) expect(out.provenance.has(r.id), r.id).toBe(true);
  });

  it('gives the host an interface per bridge and a veth per container', () => {
    const out = compileDockerHost(doc(`containers:\n- {name: web}`));
    expect(out.host?.interfaces.map((i) => i.name)).toEqual(['eth0', 'docker0']);
    expect(out.host?.bridges[0]?.ports[0]?.addresses).toEqual(['172.17.0.2']);
  });
});

describe('the DockerHost example in docs/formats.md', () => {
  it('compiles without an error, with every kind of port it shows', () => {
    const md = readFileSync(new URL('../../../docs/formats.md', import.meta.url), 'utf8');
    const section = md.split(/^## /m).find((s) => s.startsWith('Docker hosts'))!;
    const yaml = /```yaml\n([\s\S]*?)```/.exec(section)![1]!;
    const out = compileDockerHost(yaml);
    expect(out.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(out.rulesetText).toContain('-d 127.0.0.1/32 ! -i docker0 -p tcp -m tcp --dport 9090');
    expect(out.rulesetText).toContain('-p udp -m udp --dport 5353 -j DNAT');
    expect(out.rulesetText).toMatch(
      /-A DOCKER-FORWARD -i br-[0-9a-f]{12} -o br-[0-9a-f]{12} -j DROP/,
    );
  });
});

describe('DockerHost field check', () => {
  it('warns at a misspelt key, naming the one meant', () => {
    const out = compileDockerHost(doc('userlandproxy: false'));
    const w = out.diagnostics.find((d) => d.code === 'unknown-field');
    expect(w).toMatchObject({ severity: 'warning', line: 5 });
    expect(w?.message).toContain('userlandProxy');
  });
});
