/** A step's focus: the pane its callout goes to and the style that lights it. */
import { describe, expect, it } from 'vitest';
import type { AskView } from '../../worker/lessons-protocol.ts';
import { focusCss, focusSelectors, slotOf, slotOfStep } from './focus.ts';

describe('focus', () => {
  it('puts the callout beside what the step is about', () => {
    expect(slotOf([{ hook: 'PREROUTING' }])).toBe('stage');
    expect(slotOf([{ table: { hook: 'INPUT', table: 'nat' } }])).toBe('stage');
    expect(slotOf([{ chain: 'KUBE-SERVICES' }])).toBe('graph');
    expect(slotOf([{ rule: { chain: 'KUBE-SVC-X', index: 2 } }])).toBe('rules');
    expect(slotOf([{ yaml: { kind: 'Service', name: 'web' } }])).toBe('editor');
    expect(slotOf([{ packetField: 'dst' }])).toBe('packet');
    expect(slotOf([{ pane: 'rules' }])).toBe('rules');
    expect(slotOf([])).toBe('stage');
  });
  it('puts a "click the rule" question over the rules view, whatever it focuses', () => {
    const ask = (kind: AskView['kind']): AskView => ({
      kind,
      prompt: { en: '', ko: '' },
      options: [],
      items: [],
    });
    expect(slotOfStep({ focus: [{ chain: 'SSH' }], ask: ask('pick') })).toBe('rules');
    expect(slotOfStep({ focus: [{ chain: 'SSH' }], ask: ask('choice') })).toBe('graph');
    expect(slotOfStep({ focus: [{ hook: 'INPUT' }], ask: null })).toBe('stage');
  });
  it('lights the focused things through the views’ data attributes', () => {
    expect(
      focusSelectors([
        { hook: 'PREROUTING' },
        { table: { hook: 'INPUT', table: 'nat' } },
        { chain: 'KUBE-SVC-ABC' },
        { rule: { chain: 'X', index: 3 } },
        { packetField: 'dst' },
      ]),
    ).toEqual([
      '[data-place="hook:PREROUTING"]',
      '[data-place="INPUT/nat"]',
      '[data-chain="KUBE-SVC-ABC"]',
      '[data-testid="rule-table"] tr[data-rule="3"]',
      '[data-field="dst"]',
    ]);
  });
  it('escapes a name that would break out of the selector', () => {
    expect(focusSelectors([{ chain: 'a"] body{x' }])).toEqual(['[data-chain="a\\"] body{x"]']);
    expect(focusCss([])).toBe('');
  });
});
