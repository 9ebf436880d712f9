import { describe, expect, it } from 'vitest';
import { dependsOnText } from './strings.ts';

describe('the Result box on an outcome that depends on a set', () => {
  it('names the set in both languages, and a module as a match', () => {
    expect(dependsOnText(['set KUBE-SRC-X', 'u32'], 'en')).toMatch(
      /^unknown: depends on set KUBE-SRC-X, the u32 match\./,
    );
    expect(dependsOnText(['set KUBE-SRC-X'], 'ko')).toMatch(
      /^알 수 없음: ipset KUBE-SRC-X에 따라 달라져요\./,
    );
  });
});
