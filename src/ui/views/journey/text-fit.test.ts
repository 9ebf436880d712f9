import { describe, expect, it } from 'vitest';
import { cutEnd, cutMiddle, fitLine, fitNote, roughMeasure, type Font } from './text-fit.ts';

const MONO: Font = { size: 10, mono: true };
/** 6 px a character at 10 px (0.6 em), 10 px a Korean syllable */
const m = roughMeasure;

describe('roughMeasure', () => {
  it('counts Latin glyphs at 0.6 em in a monospace font and Korean syllables at 1 em', () => {
    expect(m('10.42.0.10', MONO)).toBeCloseTo(60);
    expect(m('받음', MONO)).toBeCloseTo(20);
    expect(m('ab', { size: 10 })).toBeCloseTo(11.2);
  });
});

describe('cutting', () => {
  it('cuts at the end to the longest start that fits with the ellipsis', () => {
    expect(cutEnd('DNAT 10.42.1.42:8080', 60, m, MONO)).toBe('DNAT 10.4…');
    expect(cutEnd('short', 60, m, MONO)).toBe('short');
  });

  it("cuts a pod's name in the middle, keeping its hash", () => {
    expect(cutMiddle('service-test-cd79b78bd-bkr52', 90, m, MONO)).toBe('service…d-bkr52');
    expect(m('service…d-bkr52', MONO)).toBeLessThanOrEqual(90);
  });
});

describe('fitLine', () => {
  it('keeps the size when it fits, shrinks by half pixels to the least size, then cuts', () => {
    expect(fitLine('10.42.0.10', 60, m, MONO, 9)).toEqual({
      lines: ['10.42.0.10'],
      size: 10,
      cut: false,
    });
    // 11 characters: 66 px at 10 px, 59.4 px at 9 px
    expect(fitLine('10.42.0.100', 60, m, MONO, 9)).toEqual({
      lines: ['10.42.0.100'],
      size: 9,
      cut: false,
    });
    expect(fitLine('10.42.0.100:8080', 60, m, MONO, 9)).toEqual({
      lines: ['10.42.0.10…'],
      size: 9,
      cut: true,
    });
  });
});

describe('fitNote', () => {
  it('wraps an English note at its space', () => {
    expect(fitNote('DNAT 10.42.1.42:8080', 94, m, MONO, 9)).toEqual({
      lines: ['DNAT', '10.42.1.42:8080'],
      size: 10,
      cut: false,
    });
  });

  it('wraps a Korean note before the particle that follows the address', () => {
    // one line is 136 px at 10 px and 122 px at 9: too wide for 93
    expect(fitNote('10.43.62.130:80에서 받음', 93, m, MONO, 9)).toEqual({
      lines: ['10.43.62.130:80', '에서 받음'],
      size: 10,
      cut: false,
    });
    expect(fitNote('10.42.0.10:40000에서 옴', 89, m, MONO, 9)).toEqual({
      lines: ['10.42.0.10:40000', '에서 옴'],
      size: 9,
      cut: false,
    });
  });

  it('cuts what is still too wide on two lines, and says so', () => {
    const f = fitNote('SNAT 10.143.162.130:30080', 60, m, MONO, 9);
    expect(f).toEqual({ lines: ['SNAT', '10.143.162…'], size: 9, cut: true });
    for (const l of f.lines) expect(m(l, { ...MONO, size: 9 })).toBeLessThanOrEqual(60);
  });

  it('a note with nowhere to break is cut on its one line', () => {
    expect(fitNote('10.143.162.130:30080', 60, m, MONO, 9)).toEqual({
      lines: ['10.143.162…'],
      size: 9,
      cut: true,
    });
  });
});
