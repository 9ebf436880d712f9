// kept for the importers of the compiler's restore readers; the proxier is proxier/index.ts
export * from './proxier/index.ts';
