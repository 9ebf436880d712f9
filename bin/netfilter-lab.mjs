#!/usr/bin/env node
// The `netfilter-lab` command: runs the bundled CLI that `npm install` builds (scripts/build-cli.mjs).
try {
  await import('../build/cli.mjs');
} catch (e) {
  if (e?.code !== 'ERR_MODULE_NOT_FOUND' || !String(e.message).includes('cli.mjs')) throw e;
  process.stderr.write(
    'netfilter-lab: the command line is not built yet: run `npm install` (or `npm run build:cli`) in the project first\n',
  );
  process.exitCode = 2;
}
