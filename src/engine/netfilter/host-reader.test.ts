import { describe, expect, it } from 'vitest';
import { formatFieldDiagnostic } from './fields.ts';
import { readHost } from './host-reader.ts';
import { isLocalAddress } from './host.ts';
import { parseIPv4 } from './ipv4.ts';
import { lookupRoute, sourceAddressFor } from './routing.ts';
import { NODE_HOST } from './test-kit.ts';

const ip = (s: string) => parseIPv4(s)!;

describe('readHost', () => {
  it('reads the documented example with lo added and no diagnostics', () => {
    const { host, diagnostics } = readHost(NODE_HOST);
    expect(diagnostics).toEqual([]);
    expect(host.interfaces.map((i) => i.name)).toEqual(['lo', 'eth0', 'cni0']);
    expect(host.ipForward).toBe(true);
    expect(host.bridges[0]!.ports.map((p) => p.name)).toEqual(['veth1', 'veth2']);
    expect(host.backend).toBe('nft');
  });

  it('warns about a misspelled or wrongly cased key with the field it was meant to be', () => {
    const { diagnostics } = readHost({
      interfaces: [{ name: 'eth0', adresses: ['10.0.0.1/24'] }],
      ipFoward: true,
      routeLocalNet: true,
    });
    expect(diagnostics.map((d) => [d.severity, formatFieldDiagnostic(d)])).toEqual([
      ['warning', 'ipFoward: unknown field "ipFoward": did you mean "ipForward"?'],
      ['warning', 'routeLocalNet: unknown field "routeLocalNet": did you mean "routeLocalnet"?'],
      ['warning', 'interfaces[0].adresses: unknown field "adresses": did you mean "addresses"?'],
    ]);
  });

  it('names the field and what was expected for each problem', () => {
    const { diagnostics } = readHost({
      interfaces: [
        { name: 'eth0', addresses: ['192.168.1.10/24'] },
        { name: 'eth1', addresses: ['10.0.0.300/24'] },
        { addresses: [] },
      ],
      routes: [
        { to: 'default', via: '192.168.1.1', dev: 'eth9' },
        { to: '10.1.0.0/33', dev: 'eth0' },
        { to: '10.2.0.0/16' },
      ],
      ipForward: 'yes',
      backend: 'nftables',
      ipsets: [
        { name: 'S', type: 'hash:ip,port', members: ['10.0.0.1', '10.0.0.1,tcp:80'] },
        { name: 'T', type: 'hash:foo' },
      ],
      colour: 'blue',
    });
    expect(diagnostics.map(formatFieldDiagnostic)).toEqual([
      'colour: unknown field "colour" (expected one of: interfaces, routes, ipForward, bridgeNetfilter, routeLocalnet, bridges, ipsets, backend)',
      'interfaces[1].addresses[0]: "10.0.0.300/24" is not an address/prefix (expected e.g. 10.0.0.1/24 or fd00::1/64)',
      'interfaces[2].name: missing: an interface name such as eth0 is required',
      'ipForward: expected true or false, got "yes"',
      'backend: "nftables" is not an iptables backend (expected "nft" or "legacy")',
      'routes[0].dev: "eth9" is not one of the host\'s interfaces (lo, eth0, eth1)',
      'routes[1].to: "10.1.0.0/33" is not "default" or an address/prefix (10.244.2.0/24, fd00:10:244:2::/64)',
      'routes[2]: a route needs "dev" or "via"',
      'ipsets[0].members[0]: "10.0.0.1" has 1 part(s); a hash:ip,port member has 2 (e.g. 10.0.0.1,tcp:80)',
      'ipsets[1].type: "hash:foo" is not a supported set type (expected one of hash:ip, hash:net, hash:ip,port, hash:net,port, hash:ip,port,ip, hash:ip,port,net, hash:net,port,net, hash:net,net, hash:net,iface, hash:ip,mark, hash:mac, hash:ip,mac, bitmap:ip, bitmap:ip,mac, bitmap:port, list:set)',
    ]);
    expect(diagnostics.map((d) => d.code)).toEqual([
      'unknown-field',
      'bad-value',
      'missing-field',
      'bad-type',
      'bad-value',
      'unknown-reference',
      'bad-value',
      'missing-field',
      'bad-value',
      'bad-value',
    ]);
    expect(diagnostics[0]!.severity).toBe('warning');
  });

  it('finds the device of a route given only its gateway', () => {
    const { host, diagnostics } = readHost({
      interfaces: [{ name: 'eth0', addresses: ['192.168.1.10/24'] }],
      routes: [{ to: 'default', via: '192.168.1.1' }],
    });
    expect(diagnostics).toEqual([]);
    expect(host.routes[0]!.dev).toBe('eth0');
  });
});

describe('routing', () => {
  const { host } = readHost(NODE_HOST);

  it("delivers the host's own addresses and all of 127.0.0.0/8 locally", () => {
    expect(lookupRoute(host, ip('192.168.1.10'))).toEqual({
      kind: 'local',
      dev: 'lo',
      broadcast: false,
    });
    expect(lookupRoute(host, ip('127.3.4.5')).kind).toBe('local');
    expect(isLocalAddress(host, ip('10.244.1.1'))).toBe(true);
    expect(isLocalAddress(host, ip('10.244.1.2'))).toBe(false);
  });

  it('takes the longest prefix: connected subnet, static route, then default', () => {
    expect(lookupRoute(host, ip('10.244.1.5'))).toMatchObject({
      kind: 'unicast',
      dev: 'cni0',
      via: null,
      connected: true,
    });
    expect(lookupRoute(host, ip('10.244.2.9'))).toMatchObject({
      kind: 'unicast',
      dev: 'eth0',
      via: ip('192.168.1.11'),
    });
    expect(lookupRoute(host, ip('8.8.8.8'))).toMatchObject({
      kind: 'unicast',
      dev: 'eth0',
      via: ip('192.168.1.1'),
    });
  });

  it('has no route without a default', () => {
    const { host: h } = readHost({
      interfaces: [{ name: 'eth0', addresses: ['192.168.1.10/24'] }],
    });
    expect(lookupRoute(h, ip('8.8.8.8'))).toEqual({ kind: 'unreachable' });
  });

  it("picks the out interface's address on the next hop's subnet as source", () => {
    expect(sourceAddressFor(host, 'cni0', ip('10.244.1.5'))).toBe(ip('10.244.1.1'));
    expect(sourceAddressFor(host, 'eth0', ip('192.168.1.1'))).toBe(ip('192.168.1.10'));
  });
});
