import { describe, expect, it } from 'vitest';
import { clusterSchema } from './schema.ts';

describe('cluster JSON Schema', () => {
  it('is plain JSON with a branch for every kind the compiler reads', () => {
    const json = JSON.parse(JSON.stringify(clusterSchema)) as {
      allOf: { if: { properties: { kind: { const: string } } } }[];
    };
    expect(json.allOf.map((b) => b.if.properties.kind.const)).toEqual([
      'Node',
      'Pod',
      'Deployment',
      'Service',
      'EndpointSlice',
      'NetworkPolicy',
      'KubeProxyConfiguration',
      'Cluster',
    ]);
  });

  it('closes the Cluster document and gives its defaults', () => {
    const cluster = clusterSchema.allOf.find((b) => b.if.properties.kind.const === 'Cluster')
      ?.then as Record<string, unknown>;
    expect(cluster['additionalProperties']).toBe(false);
    expect(JSON.stringify(cluster)).toContain('"default":"10.96.0.0/12"');
    expect(JSON.stringify(cluster)).toContain('"randomFully":{"type":"boolean","default":true');
  });
});
