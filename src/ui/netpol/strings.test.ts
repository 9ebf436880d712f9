import { describe, expect, it } from 'vitest';
import { netpolStrings } from './strings.ts';

describe('NetworkPolicy words', () => {
  const one = {
    policies: ['shop/db-from-frontend'],
    pod: 'shop/db',
    direction: 'ingress' as const,
    chain: 'cali-tw-cali2d7243dcff6',
    rule: 7,
  };
  it('name the policy, the pod, the direction and the rule in both languages', () => {
    expect(netpolStrings.en.blockedBy(one)).toBe(
      'Blocked by NetworkPolicy shop/db-from-frontend: it isolates pod shop/db for ingress, and none of its rules allows this packet (cali-tw-cali2d7243dcff6, rule 7).',
    );
    const ko = netpolStrings.ko.blockedBy(one);
    for (const part of ['shop/db-from-frontend', 'shop/db', '인그레스', '7번 규칙'])
      expect(ko).toContain(part);
  });
  it('say how a pod sends with Calico: by its own interface, in both languages', () => {
    expect(netpolStrings.en.viaRoutedPod('node-b', 'cali081a0416622')).toBe(
      "Enters node-b by the pod's own interface cali081a0416622 (no bridge).",
    );
    expect(netpolStrings.ko.viaRoutedPod('node-b', 'cali081a0416622')).toContain('브리지 없음');
    expect(netpolStrings.en.routedPodNetwork).toMatch(/no bridge/);
    expect(netpolStrings.ko.routedPodNetwork).toMatch(/브리지 없음/);
  });

  it('speak of several policies in the plural', () => {
    const two = { ...one, policies: ['x/a', 'x/b'], direction: 'egress' as const };
    expect(netpolStrings.en.blockedBy(two)).toMatch(
      /^Blocked by NetworkPolicies x\/a, x\/b: they isolate .* egress, and none of their rules/,
    );
    expect(netpolStrings.ko.blockedBy(two)).toContain('이그레스');
  });
});
