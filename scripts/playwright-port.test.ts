import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';

// The browser tests must run while a developer has `vite preview` open on its own port (4173).
let held: Server | undefined;
beforeAll(async () => {
  held = createServer();
  await new Promise<void>((resolve) => {
    held!.once('error', () => resolve()); // already taken by someone else: just as good
    held!.listen(4173, '127.0.0.1', () => resolve());
  });
});
afterAll(() => held?.close());

it('the Playwright config serves the app on a free port, not 4173', async () => {
  const saved = process.env['E2E_PORT'];
  delete process.env['E2E_PORT'];
  try {
    const config = (await import('../playwright.config.ts')).default;
    const port = Number(new URL(String(config.use?.baseURL)).port);
    expect(port).not.toBe(4173);
    expect(port).toBeGreaterThan(0);
    const server = Array.isArray(config.webServer) ? config.webServer[0] : config.webServer;
    expect(server?.command).toContain(`--port ${port} --strictPort`);
    // the port is one nobody holds
    await new Promise<void>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
    });
  } finally {
    if (saved === undefined) delete process.env['E2E_PORT'];
    else process.env['E2E_PORT'] = saved;
  }
});
