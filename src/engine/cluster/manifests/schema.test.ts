import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { scenarios } from '../../scenarios/index.ts';
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

interface Node {
  pattern?: string;
  properties?: Record<string, Node>;
  items?: Node;
  anyOf?: Node[];
}

/** The strings in `value` that a `pattern` of `schema` refuses, with where they are. */
function refused(schema: Node, value: unknown, at: string): string[] {
  if (typeof value === 'string')
    return schema.pattern && !new RegExp(schema.pattern).test(value) ? [`${at}: ${value}`] : [];
  if (schema.anyOf) {
    const each = schema.anyOf.map((s) => refused(s, value, at));
    return each.some((r) => r.length === 0) ? [] : each.flat();
  }
  if (Array.isArray(value) && schema.items)
    return value.flatMap((v, i) => refused(schema.items!, v, `${at}[${i}]`));
  if (value && typeof value === 'object' && schema.properties)
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
      schema.properties![k] ? refused(schema.properties![k], v, `${at}.${k}`) : [],
    );
  return [];
}

describe('the shipped examples against the schema', () => {
  // the editor's YAML language service marks what the schema refuses: never a valid example
  it("no example has a value the schema's patterns refuse (the dual-stack ranges included)", () => {
    const problems: string[] = [];
    for (const scenario of scenarios)
      for (const cluster of scenario.clusters)
        for (const doc of parseAllDocuments(cluster.yaml)) {
          const value = doc.toJS() as { kind?: string } | null;
          const branch = clusterSchema.allOf.find(
            (b) => b.if.properties.kind.const === value?.kind,
          );
          if (branch) problems.push(...refused(branch.then as Node, value, scenario.id));
        }
    expect(problems).toEqual([]);
  });

  it('a range that is neither family is still refused', () => {
    const cluster = clusterSchema.allOf.find((b) => b.if.properties.kind.const === 'Cluster')!;
    const doc = { serviceCIDR: '10.96.0.0', kind: 'Cluster' };
    expect(refused(cluster.then as Node, doc, 'x')).toEqual(['x.serviceCIDR: 10.96.0.0']);
    expect(
      refused(cluster.then as Node, { serviceCIDR: '10.96.0.0/16, fd00:10:96::/112' }, 'x'),
    ).toEqual([]);
  });
});
