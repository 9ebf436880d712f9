import { describe, expect, it } from 'vitest';
import { dumpSize } from './DumpLinkDialog.tsx';

describe('the dump size the share dialog states', () => {
  it('counts lines with or without a final newline, and kilobytes of UTF-8', () => {
    expect(dumpSize('*filter\nCOMMIT\n')).toEqual({ lines: 2, kb: 1 });
    expect(dumpSize('*filter\nCOMMIT')).toEqual({ lines: 2, kb: 1 });
    expect(dumpSize('x'.repeat(10 * 1024) + '\n').kb).toBe(10);
    expect(dumpSize('').lines).toBe(0);
  });
});
