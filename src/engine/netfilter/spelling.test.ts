import { describe, expect, it } from 'vitest';
import { closestKey, editDistance } from './spelling.ts';

describe('closestKey', () => {
  const service = ['type', 'selector', 'ports', 'clusterIP', 'externalTrafficPolicy'];

  it('finds the key a misspelling was meant to be', () => {
    expect(closestKey('selctor', service)).toBe('selector');
    expect(closestKey('externalTraficPolicy', service)).toBe('externalTrafficPolicy');
    expect(closestKey('tragetPort', ['name', 'port', 'targetPort', 'nodePort'])).toBe('targetPort');
  });

  it('ignores case, so a wrongly cased key finds its field', () => {
    expect(closestKey('targetport', ['port', 'targetPort'])).toBe('targetPort');
    expect(closestKey('ClusterIp', service)).toBe('clusterIP');
  });

  it('suggests nothing when no key is close', () => {
    expect(closestKey('colour', service)).toBeUndefined();
    expect(closestKey('ab', ['ac'])).toBeUndefined();
    // a short word that differs in its first letter names another field
    expect(closestKey('dport', ['src', 'sport', 'dst'])).toBeUndefined();
    expect(closestKey('prot', ['proto', 'port'])).toBe('proto');
  });

  it('counts a swap of neighbours as one edit and gives up past the limit', () => {
    expect(editDistance('tragetport', 'targetport', 3)).toBe(1);
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('abcdefgh', 'zzzzzzzz', 2)).toBe(3);
  });
});
