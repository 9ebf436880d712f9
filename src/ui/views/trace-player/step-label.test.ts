import { describe, expect, it } from 'vitest';
import { clusterIpTrace, rejectTrace } from '../shared/test-traces.ts';
import { playerKeyAction, type KeyContext } from './keys.ts';
import { resultLabel, stepLabel } from './step-label.ts';
import { scrollToShow, visibleRows } from './window-range.ts';

const trace = clusterIpTrace().sim.packets[0];
const steps = trace?.steps ?? [];
const line = (i: number, lang: 'en' | 'ko' = 'en') => {
  const s = steps[i];
  if (!s) throw new Error(`no step ${i}`);
  const l = stepLabel(s, lang);
  return `${l.where} | ${l.what}`;
};

describe('step labels', () => {
  it('reads each kind of step of a real ClusterIP trace', () => {
    expect(line(0)).toBe('PREROUTING | enters · in cni0 (veth86567624)');
    expect(line(1)).toBe('PREROUTING | conntrack new: NEW');
    expect(line(2)).toBe('mangle PREROUTING · PREROUTING | priority -150');
    expect(line(3)).toBe('mangle PREROUTING · PREROUTING | policy ACCEPT');
    expect(line(5)).toBe('nat PREROUTING · PREROUTING #1 | matched → KUBE-SERVICES');
    expect(line(6)).toBe('nat PREROUTING · PREROUTING #1 | jump → KUBE-SERVICES');
    expect(line(9)).toBe(
      'nat PREROUTING · KUBE-SVC-GBTMB5ZTD56ECL5F #1 | no match (-s did not hold)',
    );
    expect(line(10)).toBe(
      'nat PREROUTING · KUBE-SVC-GBTMB5ZTD56ECL5F #2 | random branch taken (p = 0.25)',
    );
    const nat = steps.findIndex((s) => s.kind === 'nat');
    expect(line(nat)).toBe(
      'nat PREROUTING · KUBE-SEP-CLPYGNZNNY3PRNQC #2 | DNAT 10.43.62.130:80 → 10.42.0.43:8080',
    );
    expect(line(nat + 1)).toBe('nat PREROUTING · KUBE-SEP-CLPYGNZNNY3PRNQC #2 | DNAT → ACCEPT');
    expect(line(nat + 2)).toBe('routing decision | bridged · out cni0');
  });

  it('speaks Korean', () => {
    expect(line(0, 'ko')).toBe('PREROUTING | 진입 · 입력 cni0 (veth86567624)');
    expect(line(9, 'ko')).toBe(
      'nat PREROUTING · KUBE-SVC-GBTMB5ZTD56ECL5F #1 | 불일치 (-s 조건 불만족)',
    );
  });

  it('gives tones for colour', () => {
    expect(steps.map((s) => stepLabel(s, 'en').tone).slice(0, 6)).toEqual([
      'hook',
      'muted',
      'table',
      'ok',
      'table',
      'match',
    ]);
  });

  it('writes the result line', () => {
    if (!trace) throw new Error('no trace');
    expect(resultLabel(trace.result, 'en')).toBe(
      'forwarded · out cni0 · tcp 10.42.0.44:40000 → 10.42.0.43:8080',
    );
    const rej = rejectTrace().sim.packets[0];
    if (!rej) throw new Error('no trace');
    expect(rej.result.verdict).toBe('REJECT');
    expect(resultLabel(rej.result, 'ko')).toBe('거부됨 · tcp 192.168.1.50:40000 → 10.96.30.30:80');
  });
});

describe('player keys', () => {
  const base: KeyContext = {
    key: ' ',
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    defaultPrevented: false,
    inEditor: false,
    onControl: false,
  };
  it('maps Space and the arrows', () => {
    expect(playerKeyAction(base)).toBe('toggle');
    expect(playerKeyAction({ ...base, key: 'ArrowLeft' })).toBe('back');
    expect(playerKeyAction({ ...base, key: 'ArrowRight' })).toBe('forward');
    expect(playerKeyAction({ ...base, key: 'Home' })).toBe('first');
    expect(playerKeyAction({ ...base, key: 'End' })).toBe('last');
    expect(playerKeyAction({ ...base, inEditor: true, key: 'End' })).toBeNull();
    expect(playerKeyAction({ ...base, key: 'a' })).toBeNull();
  });
  it('leaves editors, modifiers and buttons alone', () => {
    expect(playerKeyAction({ ...base, inEditor: true, key: 'ArrowRight' })).toBeNull();
    expect(playerKeyAction({ ...base, ctrlKey: true, key: 'ArrowRight' })).toBeNull();
    expect(playerKeyAction({ ...base, defaultPrevented: true })).toBeNull();
    expect(playerKeyAction({ ...base, onControl: true })).toBeNull();
    expect(playerKeyAction({ ...base, onControl: true, key: 'ArrowRight' })).toBe('forward');
  });
});

describe('windowed rows', () => {
  it('renders the rows in view plus overscan', () => {
    expect(visibleRows(0, 240, 24, 1000)).toEqual({ first: 0, last: 18 });
    expect(visibleRows(2400, 240, 24, 1000)).toEqual({ first: 92, last: 118 });
    expect(visibleRows(0, 240, 24, 5)).toEqual({ first: 0, last: 5 });
  });
  it('scrolls just enough to show a row', () => {
    expect(scrollToShow(3, 0, 240, 24)).toBeNull();
    expect(scrollToShow(20, 0, 240, 24)).toBe(288);
    expect(scrollToShow(5, 400, 240, 24)).toBe(96);
    expect(scrollToShow(-1, 100, 240, 24)).toBe(0);
  });
});
