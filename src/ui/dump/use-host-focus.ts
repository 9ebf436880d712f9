/**
 * Brings the host form's field at the asked path into view and focuses it (a warning's "Show",
 * the trace result's "decided by a guessed fact"), marking it for a moment so the eye finds it.
 */
import { useEffect, type RefObject } from 'react';
import { useDump } from './dump-store.ts';

const MARK_MS = 2000;

export function useHostFocus(form: RefObject<HTMLElement | null>): void {
  const focus = useDump((s) => s.hostFocus);
  useEffect(() => {
    const box = form.current;
    if (!focus || !box) return;
    const el = box.querySelector<HTMLElement>(`[data-path="${CSS.escape(focus.path)}"]`);
    if (!el) return;
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
    el.classList.add('host-focus');
    const timer = setTimeout(() => el.classList.remove('host-focus'), MARK_MS);
    return () => {
      clearTimeout(timer);
      el.classList.remove('host-focus');
    };
  }, [focus, form]);
}
