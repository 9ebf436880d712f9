import { describe, expect, it } from 'vitest';
import { journey } from '../../../engine/cluster/journey/index.ts';
import { DEFAULT_CLUSTER_YAML } from '../../../engine/scenarios/default-cluster.ts';
import { NODEPORT_30080_YAML } from '../../../engine/scenarios/nodeport-other-node.ts';
import { assumedRouteBack } from './outside-reply.ts';
import { strings } from './strings.ts';

describe('assumedRouteBack', () => {
  it('a pod reaching 1.1.1.1 with its own address: the reply relies on an outside route', () => {
    const j = journey(DEFAULT_CLUSTER_YAML, {
      from: 'pod/default/client',
      to: '1.1.1.1:80',
    }).journey!;
    expect(j.replyMatches).toBe(true);
    expect(assumedRouteBack(j)).toBe('10.42.0.10');
    expect(strings.en.replyAssumed('10.42.0.10')).toMatch(/assumes .* 10\.42\.0\.10/);
  });

  it('a pod reaching a Service, or a laptop reaching a NodePort, needs no such assumption', () => {
    const svc = journey(DEFAULT_CLUSTER_YAML, {
      from: 'pod/default/client',
      to: 'svc/default/service-test:80',
    }).journey!;
    expect(assumedRouteBack(svc)).toBeNull();
    const np = journey(NODEPORT_30080_YAML, {
      from: 'client/laptop',
      to: 'node/node-b:30080',
    }).journey!;
    expect(assumedRouteBack(np)).toBeNull();
  });
});
