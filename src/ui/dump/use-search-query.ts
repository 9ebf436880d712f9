/**
 * The search box's query: typed letters once they settle (a search per key would keep the worker
 * busy with queries already replaced), but a text that arrives whole (pasted, filled in, cleared,
 * a word deleted) at once: there is nothing more to wait for.
 */
import { useEffect, useRef, useState } from 'react';

export function useSearchQuery(text: string, ms: number): string {
  const [query, setQuery] = useState(text);
  const last = useRef(text);
  useEffect(() => {
    const whole = Math.abs(text.length - last.current.length) > 1 || text === '';
    last.current = text;
    if (whole) {
      setQuery(text);
      return;
    }
    const t = setTimeout(() => setQuery(text), ms);
    return () => clearTimeout(t);
  }, [text, ms]);
  return query;
}
