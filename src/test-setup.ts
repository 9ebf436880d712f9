// Vitest's setup, run before each test file loads the engine: the parts rules share are frozen
// under test, so that code changing one throws (src/engine/rules/shared-part.ts).
(globalThis as { netfilterLabFreezeShared?: boolean }).netfilterLabFreezeShared = true;
