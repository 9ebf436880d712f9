/**
 * Space, ←, →, Home and End drive the player from anywhere on the page, except where they already mean
 * something: inside an editor (inputs, textareas, contenteditable, Monaco) and, for Space, on a
 * button or link whose own action Space triggers.
 */
export type PlayerKeyAction = 'toggle' | 'back' | 'forward' | 'first' | 'last';

export interface KeyContext {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  defaultPrevented: boolean;
  /** focus is in something that takes typing */
  inEditor: boolean;
  /** focus is on a control that Space activates */
  onControl: boolean;
}

export function playerKeyAction(k: KeyContext): PlayerKeyAction | null {
  if (k.defaultPrevented || k.ctrlKey || k.altKey || k.metaKey || k.inEditor) return null;
  if (k.key === 'ArrowLeft') return 'back';
  if (k.key === 'ArrowRight') return 'forward';
  if (k.key === 'Home') return 'first';
  if (k.key === 'End') return 'last';
  if ((k.key === ' ' || k.key === 'Spacebar') && !k.onControl) return 'toggle';
  return null;
}

const EDITOR =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"], .monaco-editor';
const CONTROL = 'button, a[href], summary, [role="button"], [role="option"], [role="checkbox"]';

export function keyContextOf(e: KeyboardEvent): KeyContext {
  const el = e.target instanceof Element ? e.target : null;
  return {
    key: e.key,
    ctrlKey: e.ctrlKey,
    altKey: e.altKey,
    metaKey: e.metaKey,
    defaultPrevented: e.defaultPrevented,
    inEditor: el !== null && el.closest(EDITOR) !== null,
    onControl: el !== null && el.closest(CONTROL) !== null,
  };
}
