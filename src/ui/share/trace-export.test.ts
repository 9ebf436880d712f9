/** The trace export asks the worker for the CLI's `trace --json` document (docs/formats.md). */
import { describe, expect, it } from 'vitest';
import { engineApi } from '../../worker/engine-api.ts';
import type { TraceRequest } from '../../worker/protocol.ts';

const DUMP = `*filter
:INPUT DROP [0:0]
:FORWARD DROP [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -p tcp -m tcp --dport 22 -j ACCEPT
COMMIT
`;

const HOST = { interfaces: [{ name: 'eth0', addresses: ['192.168.1.10/24'] }] };

function request(dport: number): TraceRequest {
  return {
    source: { kind: 'dump', text: DUMP, host: HOST },
    packets: [
      { in: 'eth0', proto: 'tcp', src: '198.51.100.20', sport: 40000, dst: '192.168.1.10', dport },
    ],
    seed: 1,
  };
}

describe('the trace as JSON', () => {
  it('is a list of packets with steps and a result, the matched rule as iptables-save prints it', () => {
    const doc = engineApi.traceJson(request(22));
    expect(doc?.packets.length).toBe(1);
    const packet = doc?.packets[0];
    const rule = packet?.steps.find((s) => s.kind === 'rule');
    expect(rule).toMatchObject({
      kind: 'rule',
      table: 'filter',
      chain: 'INPUT',
      rule: 1,
      ruleText: '-A INPUT -p tcp -m tcp --dport 22 -j ACCEPT',
      matched: true,
    });
    expect(packet?.result).toMatchObject({ verdict: 'ACCEPT', fate: 'local' });
    // plain data: it survives JSON unchanged
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('reports the policy that dropped a packet no rule accepted', () => {
    const packet = engineApi.traceJson(request(80))?.packets[0];
    expect(packet?.steps.some((s) => s.kind === 'policy')).toBe(true);
    expect(packet?.result).toMatchObject({ verdict: 'DROP', fate: 'dropped' });
  });

  it('is null when the packet does not read', () => {
    const bad: TraceRequest = { ...request(22), packets: [{ proto: 'tcp', dst: 'nowhere' }] };
    expect(engineApi.traceJson(bad)).toBeNull();
  });
});
