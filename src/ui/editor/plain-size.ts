/**
 * The light editor's last size, by model URI. Monaco takes the same box when it replaces it;
 * given that size, its creation need not measure the box, which in the commit that swapped
 * the two would lay out the whole page inside the same task.
 */
export interface BoxSize {
  width: number;
  height: number;
}

const sizes = new Map<string, BoxSize>();

export function notePlainSize(uri: string, size: BoxSize): void {
  sizes.set(uri, size);
}

/** The size the light editor of `uri` last had, once; undefined if it never had one. */
export function takePlainSize(uri: string): BoxSize | undefined {
  const s = sizes.get(uri);
  sizes.delete(uri);
  return s && s.width > 0 && s.height > 0 ? s : undefined;
}
