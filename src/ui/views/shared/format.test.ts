import { describe, expect, it } from 'vitest';
import { addrPort } from './format.ts';
import { tupleText, rewrittenEnd } from '../journey/hop-text.ts';
import { serviceOptions } from '../../packet/choices.ts';
import type { ClusterSummary } from '../../../worker/protocol.ts';
import type { Translation, Tuple } from '../../../engine/cluster/journey/index.ts';

describe('addrPort: an endpoint written by its family', () => {
  it('joins an IPv4 address and its port with a colon', () => {
    expect(addrPort('10.96.0.80', 80)).toBe('10.96.0.80:80');
  });

  it('brackets an IPv6 address before its port', () => {
    expect(addrPort('fd00:10:96::80', 80)).toBe('[fd00:10:96::80]:80');
    expect(addrPort('::1', 0)).toBe('[::1]:0');
  });

  it('leaves an address without a port as it is', () => {
    expect(addrPort('fd00:10:96::80', null)).toBe('fd00:10:96::80');
    expect(addrPort('10.96.0.80', undefined)).toBe('10.96.0.80');
  });
});

describe('the journey and the packet form write IPv6 endpoints with brackets', () => {
  it('a journey tuple and the end a DNAT rewrote', () => {
    const before: Tuple = {
      proto: 'tcp',
      src: 'fd00:10:244:1::20',
      sport: 40000,
      dst: 'fd00:10:96::80',
      dport: 80,
    };
    const after: Tuple = { ...before, dst: 'fd00:10:244:2::7', dport: 8080 };
    expect(tupleText(before)).toBe('[fd00:10:244:1::20]:40000 → [fd00:10:96::80]:80');
    const x: Translation = {
      kind: 'dnat',
      direction: 'request',
      hook: 'PREROUTING',
      by: 'rule',
      before,
      after,
    };
    expect(rewrittenEnd(x)).toBe('[fd00:10:244:2::7]:8080');
  });

  it('a Service port offered in each family', () => {
    const summary: ClusterSummary = {
      families: ['ipv4', 'ipv6'],
      nodes: [],
      pods: [],
      services: [
        {
          namespace: 'default',
          name: 'web',
          type: 'ClusterIP',
          clusterIP: '10.96.0.80',
          clusterIPv6: 'fd00:10:96::80',
          externalIPs: [],
          loadBalancerIPs: [],
          ports: [{ name: 'http', protocol: 'TCP', port: 80, nodePort: 0 }],
        },
      ],
    } as unknown as ClusterSummary;
    const labels = serviceOptions(summary).map((o) => o.label);
    expect(labels).toContain('default/web → [fd00:10:96::80]:80/TCP');
    expect(labels).toContain('default/web → 10.96.0.80:80/TCP');
  });
});
