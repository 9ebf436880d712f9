import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryOf, readStructured } from './structured-input.ts';

describe('one entry of a host map', () => {
  it('positions its fields in the whole file, under a node name that holds dots', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'entry-')), 'hosts.yaml');
    writeFileSync(
      file,
      [
        'ip-10-0-0-1.ec2.internal:',
        '  interfaces:',
        '    - name: eth0',
        '      addreses: [10.0.0.1/24]',
        '',
      ].join('\n'),
    );
    const node = entryOf(await readStructured(file), 'ip-10-0-0-1.ec2.internal');
    expect(node.value).toEqual({ interfaces: [{ name: 'eth0', addreses: ['10.0.0.1/24'] }] });
    expect(node.positionOf('interfaces[0].name')).toEqual({ line: 3, column: 13 });
    // an unknown field is pointed at its key
    expect(node.positionOf('interfaces[0].addreses', true)).toEqual({ line: 4, column: 7 });
  });
});
