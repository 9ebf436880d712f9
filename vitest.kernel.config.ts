import { defineConfig } from 'vitest/config';

// The kernel suite (tests/kernel): real network namespaces, iptables-restore and the kernel's own
// xtables-monitor trace. Needs root; skips itself with a reason elsewhere. Files run one at a time
// so namespace set-up never competes for the two cores.
export default defineConfig({
  test: {
    include: ['tests/kernel/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
