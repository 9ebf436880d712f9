// The README shows the command line as `node bin/netfilter-lab.mjs …`, which starts in a fraction
// of the time `npx` takes; every command it shows that way must be one the program has.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli, root } from './test-kit.ts';

describe('the README', () => {
  it('runs the CLI as node bin/netfilter-lab.mjs, with commands the program lists', () => {
    const readme = readFileSync(`${root}README.md`, 'utf8');
    const shown = [...readme.matchAll(/^node bin\/netfilter-lab\.mjs ([a-z]+)/gm)].map(
      (m) => m[1]!,
    );
    expect(readme).toContain('node bin/netfilter-lab.mjs --help');
    expect(shown.length).toBeGreaterThan(3);
    const help = cli(['--help']).stdout;
    for (const command of new Set(shown))
      expect(help, command).toMatch(new RegExp(`\\b${command}\\b`));
  });
});
