/**
 * Tests that print a speed figure (long tasks, time to first trace, a 100k dump's load) carry this
 * tag: playwright.config.ts runs them on their own, after the others, so a second browser working
 * beside them does not spoil the figure.
 */
export const MEASURE = { tag: '@measure' } as const;
