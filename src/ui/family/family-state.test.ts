import { describe, expect, it } from 'vitest';
import { offersSwitch, shownFamily, stepsFamily } from './family-state.ts';
import type { TraceStep } from '../../engine/netfilter/trace.ts';
import { familyStrings } from './strings.ts';

const DUAL = ['ipv4', 'ipv6'] as const;

describe('shownFamily', () => {
  const sent = { id: 'first packet' };
  const next = { id: 'next packet' };

  it('follows the traced packet’s family', () => {
    expect(shownFamily(DUAL, 'ipv6', null, sent)).toBe('ipv6');
    expect(shownFamily(DUAL, 'ipv4', null, sent)).toBe('ipv4');
  });

  it('keeps the reader’s flip for the packet it was made on, and follows a new packet', () => {
    const flip = { family: 'ipv4' as const, sent };
    expect(shownFamily(DUAL, 'ipv6', flip, sent)).toBe('ipv4');
    expect(shownFamily(DUAL, 'ipv6', flip, next)).toBe('ipv6');
  });

  it('never shows a family the cluster lacks: an IPv4-only cluster stays IPv4', () => {
    expect(shownFamily(['ipv4'], 'ipv6', { family: 'ipv6', sent }, sent)).toBe('ipv4');
    expect(shownFamily(undefined, 'ipv6', null, sent)).toBe('ipv4');
    expect(shownFamily(['ipv6'], 'ipv4', null, null)).toBe('ipv6');
  });

  it('shows the primary family before anything is sent', () => {
    expect(shownFamily(['ipv6', 'ipv4'], null, null, null)).toBe('ipv6');
  });
});

describe('offersSwitch', () => {
  it('is offered for a dual-stack cluster only', () => {
    expect(offersSwitch(DUAL)).toBe(true);
    expect(offersSwitch(['ipv4'])).toBe(false);
    expect(offersSwitch(['ipv6'])).toBe(false);
    expect(offersSwitch(undefined)).toBe(false);
  });
});

describe('familyStrings', () => {
  it('has the same words in each language', () => {
    expect(Object.keys(familyStrings.ko).sort()).toEqual(Object.keys(familyStrings.en).sort());
    expect(familyStrings.ko.notTraced).not.toBe(familyStrings.en.notTraced);
  });
});

describe('stepsFamily', () => {
  const step = (src: string) =>
    ({ kind: 'hook-enter', hook: 'PREROUTING', packet: { src, dst: src } }) as unknown as TraceStep;

  it('reads the family off the traced packet', () => {
    expect(stepsFamily([step('fd00:10:244:1::20')])).toBe('ipv6');
    expect(stepsFamily([step('10.244.1.20')])).toBe('ipv4');
    expect(stepsFamily([])).toBeNull();
  });
});
