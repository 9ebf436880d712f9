/**
 * Where the learner was in the light editor when Monaco took its place: the selection (as
 * offsets into the text) and whether it had the focus. Monaco, created in the same commit,
 * takes over there, so the next key typed lands where the last one did.
 */
export interface Handover {
  start: number;
  end: number;
  focused: boolean;
}

const left = new Map<string, Handover>();

/** The light editor of `uri` is leaving: remember its selection and focus. */
export function leaveHandover(uri: string, h: Handover): void {
  left.set(uri, h);
}

/** What the light editor of `uri` left, once (a later editor of the same text starts afresh). */
export function takeHandover(uri: string): Handover | undefined {
  const h = left.get(uri);
  left.delete(uri);
  return h;
}
