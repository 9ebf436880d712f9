export function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | null;
