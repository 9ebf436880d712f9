// Real IPv6 connections through ip6tables rules, each set beside the engine's verdict for its
// first packet: the lab of ipv6Topology with its endpoints answering (their silencing table
// removed), TCP echo servers in pod1 and in the peer, ip6tables-nft-restore in the host, and
// python3 clients over AF_INET6. The server says which address and port it was reached at and
// whom it saw; the client says how a failed connection ended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readHost,
  readPackets,
  simulate,
  type PacketTrace,
} from '../../../src/engine/netfilter/index.ts';
import { parseRuleset } from '../../../src/engine/rules/index.ts';
import { connectFrom, startEchoServer, type ConnectAttempt } from '../cluster-topology.ts';
import { kernelEnvironment, kernelSuiteTitle } from '../environment.ts';
import { runIn } from '../run.ts';
import { toSimulatorPacket } from '../simulator-input.ts';
import { buildTopology, ipv6Topology, type Topology } from '../topology.ts';

const env = kernelEnvironment();

const HOST = 'fd00:50::10';
const POD1 = 'fd00:244:1::5';
const SERVICE = 'fd00:96::10';

const RULES = `*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A PREROUTING -d ${SERVICE}/128 -p tcp -m tcp --dport 80 -j DNAT --to-destination [${POD1}]:8080
-A POSTROUTING -s fd00:244:1::/64 -o eth0 -j MASQUERADE
COMMIT
*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A FORWARD -p tcp -m tcp --dport 8082 -j REJECT --reject-with icmp6-port-unreachable
-A FORWARD -p tcp -m tcp --dport 8083 -j REJECT --reject-with tcp-reset
-A FORWARD -p tcp -m tcp --dport 8084 -j DROP
COMMIT
`;

/** "[ADDR]:PORT" → [ADDR, PORT] */
function endpoint(text: string): [string, number] {
  const close = text.indexOf(']');
  return [text.slice(1, close), Number(text.slice(close + 2))];
}

describe.skipIf(!env.ok)(kernelSuiteTitle('real IPv6 connections vs the engine'), () => {
  let topology: Topology;
  beforeAll(async () => {
    const spec = ipv6Topology();
    topology = buildTopology(spec);
    for (const role of ['peer', 'pod1'])
      runIn(topology.ns(role), ['nft', 'delete', 'table', 'ip6', 'nlk_silence']);
    runIn(topology.ns('host'), ['ip6tables-nft-restore'], { input: RULES });
    const servers = [
      startEchoServer(topology.ns('pod1'), [8080, 8082, 8083, 8084], true),
      startEchoServer(topology.ns('peer'), [9000], true),
    ];
    afterAll(() => servers.forEach((s) => s.child.kill('SIGKILL')));
    await Promise.all(servers.map((s) => s.ready));
  });
  afterAll(() => topology?.teardown());

  /** One real connection, and the engine's walk of its SYN (same source address and port). */
  function connect(from: string, address: string, port: number, timeoutS = 2) {
    const [attempt] = connectFrom(topology.ns(from), address, port, 1, timeoutS) as [
      ConnectAttempt,
    ];
    // a failed attempt reports no local end: the client's address is the one its route picks
    const [src, sport] = attempt.ok ? endpoint(attempt.local) : [sourceOf(from, address), 40000];
    const parsed = parseRuleset(RULES, { family: 'ipv6' });
    const host = readHost(topology.hostFile());
    const packets = readPackets([
      toSimulatorPacket(topology.spec, {
        from,
        proto: 'tcp',
        src,
        dst: address,
        sport,
        dport: port,
      }),
    ]);
    expect([...parsed.diagnostics, ...host.diagnostics, ...packets.diagnostics]).toEqual([]);
    const engine = simulate(parsed.ruleset, host.host, packets.packets).packets[0]!;
    return { attempt, engine, src, sport };
  }

  function sourceOf(from: string, address: string): string {
    const route = runIn(topology.ns(from), ['ip', '-6', 'route', 'get', address]).stdout;
    return /\bsrc (\S+)/.exec(route)?.[1] ?? '';
  }

  const rejectedWith = (t: PacketTrace) => t.steps.find((s) => s.kind === 'verdict')?.rejectWith;

  it('DNAT to [addr]:port: the pod is reached on its own address and port, and sees the client', () => {
    const { attempt, engine, src, sport } = connect('peer', SERVICE, 80);
    expect(engine.result).toMatchObject({
      verdict: 'ACCEPT',
      fate: 'forward',
      outInterface: 'cni0',
    });
    expect(engine.result.packet).toMatchObject({ src, sport, dst: POD1, dport: 8080 });
    expect(src).toMatch(/^fd00:50::/);
    expect(attempt).toMatchObject({ ok: true, reply: `${POD1} 8080 ${src} ${sport}` });
  });

  it("MASQUERADE out eth0: the server outside sees the host's address", () => {
    const { attempt, engine } = connect('pod1', 'fd00:50::100', 9000);
    expect(engine.result).toMatchObject({ verdict: 'ACCEPT', outInterface: 'eth0' });
    expect(engine.result.packet.src).toBe(HOST);
    expect(attempt.ok).toBe(true);
    if (attempt.ok)
      expect(attempt.reply.split(' ').slice(0, 3)).toEqual(['fd00:50::100', '9000', HOST]);
  });

  it('REJECT with icmp6-port-unreachable and with tcp-reset: the client is refused at once', () => {
    for (const [port, reject] of [
      [8082, 'icmp6-port-unreachable'],
      [8083, 'tcp-reset'],
    ] as const) {
      const { attempt, engine } = connect('peer', POD1, port);
      expect(engine.result.verdict).toBe('REJECT');
      expect(rejectedWith(engine)).toBe(reject);
      expect(attempt).toEqual({ ok: false, error: 'refused' });
    }
  });

  it('a filter DROP: the client hears nothing and times out', () => {
    const { attempt, engine } = connect('peer', POD1, 8084, 1);
    expect(engine.result.verdict).toBe('DROP');
    expect(attempt).toEqual({ ok: false, error: 'timeout' });
  });

  it("from the host itself (OUTPUT, not FORWARD) the same ports answer: the failures above are FORWARD's rules", () => {
    for (const port of [8082, 8083, 8084]) {
      const { attempt, engine } = connect('host', POD1, port);
      expect(engine.result).toMatchObject({ verdict: 'ACCEPT', fate: 'output' });
      expect(attempt).toMatchObject({
        ok: true,
        reply: expect.stringMatching(`^${POD1} ${port} `),
      });
    }
  });
});
