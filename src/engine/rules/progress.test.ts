import { describe, expect, it } from 'vitest';
import { parseRuleset } from './parse.ts';
import { parseSave } from './save-parser.ts';

/** Runs a parse and returns every progress call it made. */
function calls(parse: (onProgress: (done: number, total: number) => void) => unknown) {
  const seen: [number, number][] = [];
  parse((done, total) => seen.push([done, total]));
  return seen;
}

function saveDump(rules: number, eol = '\n'): string {
  const lines = ['*filter', ':INPUT ACCEPT [0:0]', ':KUBE-X - [0:0]'];
  for (let i = 0; i < rules; i++)
    lines.push(
      `-A KUBE-X -s 10.0.${i >> 8}.${i & 255}/32 -p tcp -m tcp --dport ${i % 60000} -j ACCEPT`,
    );
  lines.push('COMMIT', '');
  return lines.join(eol);
}

function expectProgress(text: string, seen: [number, number][], reports: number): void {
  expect(seen.length).toBe(reports);
  expect(seen.at(-1)).toEqual([text.length, text.length]);
  for (let i = 0; i < seen.length; i++) {
    const [done, total] = seen[i]!;
    expect(total).toBe(text.length);
    if (i > 0) expect(done).toBeGreaterThan(seen[i - 1]![0]);
    // a report between lines says where the next line starts
    if (i < seen.length - 1) expect(text.charCodeAt(done - 1)).toBe(10);
  }
}

describe('onProgress', () => {
  // 5,004 lines and an empty last one: reports after lines 2,000 and 4,000, then the end
  it('is called every 2,000 lines of iptables-save text, then once at the end', () => {
    const text = saveDump(5000);
    const seen = calls((onProgress) => parseRuleset(text, { onProgress }));
    expectProgress(text, seen, 3);
    expect(seen[0]![0]).toBe(text.split('\n').slice(0, 2000).join('\n').length + 1);
  });

  it('reports the same on the full reader and with \\r\\n line ends', () => {
    const text = saveDump(5000, '\r\n');
    const seen = calls((onProgress) => parseSave(text, 'ipv4', { onProgress, fastPath: false }));
    expectProgress(text, seen, 3);
    expect(seen[1]![0]).toBe(text.split('\r\n').slice(0, 4000).join('\r\n').length + 2);
  });

  it('is called for iptables -S text', () => {
    const lines = ['-P INPUT ACCEPT', '-N KUBE-X'];
    for (let i = 0; i < 4100; i++)
      lines.push(`-A KUBE-X -s 10.1.${i >> 8}.${i & 255}/32 -j ACCEPT`);
    const text = lines.join('\n');
    const seen = calls((onProgress) => parseRuleset(text, { onProgress }));
    expectProgress(text, seen, 3);
  });

  it('is called for iptables -L text', () => {
    const lines = [
      'Chain INPUT (policy ACCEPT 0 packets, 0 bytes)',
      ' pkts bytes target     prot opt in     out     source               destination',
    ];
    for (let i = 0; i < 2500; i++)
      lines.push(
        `    0     0 ACCEPT     0    --  *      *       10.2.${i >> 8}.${i & 255}          0.0.0.0/0`,
      );
    const text = lines.join('\n') + '\n';
    const seen = calls((onProgress) => parseRuleset(text, { onProgress }));
    expectProgress(text, seen, 2);
  });

  it('is called once for a short or empty text', () => {
    expect(calls((onProgress) => parseRuleset('', { onProgress }))).toEqual([[0, 0]]);
    const text = '*nat\nCOMMIT\n';
    expect(calls((onProgress) => parseRuleset(text, { onProgress }))).toEqual([[12, 12]]);
  });
});
