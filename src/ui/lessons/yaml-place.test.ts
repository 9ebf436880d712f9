/** The editor's cursor goes to the field a step is about. */
import { describe, expect, it } from 'vitest';
import { yamlPlace } from './yaml-place.ts';

const TEXT = `apiVersion: v1
kind: Service
metadata:
  name: other
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  clusterIP: 10.96.0.10
  ports:
    - name: http
      port: 80
`;

describe('yamlPlace', () => {
  it('finds a field of the named document', () => {
    expect(yamlPlace(TEXT, { kind: 'Service', name: 'web', path: 'spec.clusterIP' })).toEqual({
      line: 11,
      column: 14,
    });
    expect(yamlPlace(TEXT, { kind: 'Service', name: 'web', path: 'spec.ports.0.port' })).toEqual({
      line: 14,
      column: 13,
    });
  });
  it('falls back to the deepest field that exists, and says nothing for an unknown document', () => {
    expect(yamlPlace(TEXT, { kind: 'Service', name: 'web', path: 'spec.nope' })?.line).toBe(11);
    expect(yamlPlace(TEXT, { kind: 'Deployment', name: 'web' })).toBeNull();
  });
});
