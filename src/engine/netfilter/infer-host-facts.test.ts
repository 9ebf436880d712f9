import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../rules/index.ts';
import { inferHost, type HostDocument } from './infer-host.ts';
import { guessedFactsBehind } from './infer-host-facts.ts';
import { readHost } from './host-reader.ts';
import { readPackets } from './packet-reader.ts';
import { simulate } from './simulate.ts';

const ruleset = parseRuleset(
  readFileSync(new URL('../../../tests/fixtures/kube-proxy.rules', import.meta.url), 'utf8'),
).ruleset;
const { host: guessed, guesses } = inferHost(ruleset);

function trace(doc: HostDocument, dst: string, dport: number) {
  const { packets } = readPackets([
    { in: 'eth0', proto: 'tcp', src: '203.0.113.7', sport: 40000, dst, dport, tcpFlags: 'SYN' },
  ]);
  const p = simulate(ruleset, readHost(doc).host, packets).packets[0]!;
  return { steps: p.steps, verdict: p.result.verdict, fate: p.result.fate };
}

describe('guessedFactsBehind', () => {
  it('names the guessed node address a NodePort was accepted on, and the pod route it left by', () => {
    const t = trace(guessed, '192.168.1.10', 30080);
    expect([t.verdict, t.fate]).toEqual(['ACCEPT', 'forward']);
    expect(guessedFactsBehind(t.steps, guessed, guesses)).toEqual([
      {
        kind: 'address',
        by: 'addrtype',
        iface: 'eth0',
        address: '192.168.1.10/24',
        path: 'interfaces[0].addresses',
      },
      // DNATed to a pod in 10.244.1.0/24: not on this node's guessed cni0, so the default route
      { kind: 'default-route', via: '192.168.1.1', dev: 'eth0', path: 'routes[0]' },
      { kind: 'forwarding', on: true, path: 'ipForward' },
    ]);
  });

  it('says an address was not counted as local when only guesses say which are', () => {
    const t = trace(guessed, '192.168.1.77', 30080);
    const facts = guessedFactsBehind(t.steps, guessed, guesses);
    expect(facts).toContainEqual({
      kind: 'not-local',
      by: 'addrtype',
      address: '192.168.1.77',
      path: 'interfaces',
    });
    // the user typed the node's addresses: what is not among them is theirs to say, not a guess
    const typed = structuredClone(guessed);
    typed.interfaces[0]!.addresses = ['192.168.1.10/24', '192.168.1.11/24'];
    const again = trace(typed, '192.168.1.77', 30080);
    expect(guessedFactsBehind(again.steps, typed, guesses).map((f) => f.kind)).not.toContain(
      'not-local',
    );
  });

  it('answers nothing of facts the user changed', () => {
    const edited: HostDocument = {
      interfaces: [
        { name: 'eth0', addresses: ['192.168.1.10/24'] },
        { name: 'cni0', addresses: ['10.244.1.1/24'] },
      ],
      routes: [{ to: 'default', via: '192.168.1.254', dev: 'eth0' }],
      ipForward: true,
    };
    // the apiserver guess stands (same address), the rest was typed
    const t = trace(edited, '192.168.1.10', 30080);
    expect(guessedFactsBehind(t.steps, edited, guesses)).toEqual([
      expect.objectContaining({ kind: 'address', iface: 'eth0', address: '192.168.1.10/24' }),
      { kind: 'forwarding', on: true, path: 'ipForward' },
    ]);
    const none = { ...edited, ipForward: true };
    none.interfaces = [{ name: 'eth0', addresses: ['192.168.1.12/24'] }, edited.interfaces[1]!];
    expect(guessedFactsBehind(trace(none, '192.168.1.12', 30080).steps, none, guesses)).toEqual([
      { kind: 'forwarding', on: true, path: 'ipForward' },
    ]);
  });

  it('names the guessed connected subnet a packet left by', () => {
    // a pod on this node's guessed cni0 (10.244.0.0/24)
    const t = trace(guessed, '10.244.0.9', 8080);
    expect(guessedFactsBehind(t.steps, guessed, guesses)).toContainEqual({
      kind: 'connected',
      iface: 'cni0',
      address: '10.244.0.1/24',
      net: '10.244.0.0/24',
      path: 'interfaces[1].addresses',
    });
  });
});
