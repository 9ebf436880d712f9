import { describe, expect, it } from 'vitest';
import { snapTranslation, type Span } from './frame-snap.ts';

// four columns of chains, 100 wide with 50 between them: 0-100, 150-250, 300-400, 450-550
const COLUMNS: Span[] = [
  { id: 'PREROUTING', start: 0, size: 100 },
  { id: 'KUBE-SERVICES', start: 150, size: 100 },
  { id: 'KUBE-SVC-X', start: 300, size: 100 },
  { id: 'KUBE-SEP-A', start: 450, size: 100 },
  { id: 'KUBE-SEP-B', start: 450, size: 100 },
];
const FRAMED = ['PREROUTING', 'KUBE-SERVICES', 'KUBE-SVC-X', 'KUBE-SEP-A'];

describe('snapTranslation', () => {
  it('keeps the wanted place when no chain is cut there', () => {
    const t = snapTranslation({
      wanted: 10,
      k: 1,
      length: 600,
      margin: 10,
      spans: COLUMNS,
      framed: FRAMED,
      anchor: 'PREROUTING',
    });
    expect(t).toBe(10);
  });

  it('moves a view that cuts the last column so that no chain is cut and the anchor shows', () => {
    // 480 long: from 10 the view's end (470) cuts the endpoint chains at 460-560
    const p = {
      wanted: 10,
      k: 1,
      length: 480,
      margin: 10,
      spans: COLUMNS,
      framed: FRAMED,
      anchor: 'PREROUTING',
    };
    const t = snapTranslation(p);
    for (const s of COLUMNS) {
      const a = s.start + t;
      const b = a + s.size;
      expect(a < 470 && b > 470).toBe(false);
      expect(a < 10 && b > 10).toBe(false);
    }
    // the start of the path still in view, and the three columns that fit with it: clean from
    // 20 (the endpoints just out of view) to 70 (the Service's end at the view's end)
    expect(t).toBeGreaterThanOrEqual(10);
    expect(t + 400).toBeLessThanOrEqual(470);
    expect(t).toBe(45);
  });

  it('without an anchor, shows as many framed chains as fit', () => {
    const t = snapTranslation({
      wanted: 10,
      k: 1,
      length: 480,
      margin: 10,
      spans: COLUMNS,
      framed: ['KUBE-SVC-X', 'KUBE-SEP-A', 'KUBE-SERVICES'],
      anchor: null,
    });
    // all three framed chains (ending at the Service would show two): clean from -140 (the
    // view starts at KUBE-SERVICES) to -90 (PREROUTING just out of view), and its middle
    expect(t).toBe(-115);
  });

  it('keeps the wanted place when nowhere qualifies', () => {
    // a chain longer than the view is cut wherever the view is
    const t = snapTranslation({
      wanted: 5,
      k: 1,
      length: 50,
      margin: 0,
      spans: [{ id: 'A', start: 0, size: 100 }],
      framed: ['A'],
      anchor: 'A',
    });
    expect(t).toBe(5);
  });
});
