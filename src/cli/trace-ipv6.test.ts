import { describe, expect, it } from 'vitest';
import { cli } from './test-kit.ts';

const f = (name: string) => `tests/fixtures/cli/${name}`;
const base = ['trace', '--rules', f('svc-ipv6.rules'), '--host', f('node-host-ipv6.yaml')];

describe('netfilter-lab trace with ip6tables rules', () => {
  it('follows IPv6 packets through a DNAT to a pod, printing [addr]:port, the ND note once', () => {
    const r = cli([...base, '--packet', f('syn-ipv6.json')]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.split('neighbour discovery is not modelled')).toHaveLength(2);
    expect(r.stdout).toContain('DNAT [fd00:10:96::10]:80 → [fd00:10:244:1::5]:8080');
    expect(r.stdout).toContain(
      '=> ACCEPT: forward via cni0; tcp [2001:db8::98]:40000 → [fd00:10:244:1::5]:8080',
    );
  });

  it('writes canonical IPv6 text in the JSON', () => {
    const r = cli([...base, '--packet', f('syn-ipv6.json'), '--json']);
    const doc = JSON.parse(r.stdout);
    expect(doc.packets[0].result.packet).toEqual({
      src: '2001:db8::99',
      sport: 40000,
      dst: 'fd00:10:244:1::5',
      dport: 8080,
      proto: 'tcp',
    });
  });

  it('refuses an IPv4 packet for ip6tables rules at the field, with its line', () => {
    const r = cli(
      [...base, '--packet', '-'],
      '{"proto":"tcp","src":"192.168.1.5","dst":"10.96.0.10","dport":80,"in":"eth0"}',
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      '<stdin>:1:42: error: dst: "10.96.0.10" is IPv4, but the rules are an ip6tables (IPv6) dump',
    );
  });
});
