/**
 * A big dump's text as a read-only list of its lines, drawn only where the user looks. Monaco
 * needs seconds of the page's main thread to take in 14 MB and draw it; this view indexes the
 * line starts in short slices between frames and renders the thirty lines in view. The text
 * itself stays in the store, whole: "Edit text" hands it to the editor when the user asks.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { RevealRequest } from '../editor/markers.ts';
import { emptyIndex, indexLines, lineAt, type LineIndex } from './line-index.ts';

const LINE = 18;
const OVERSCAN = 12;
/** how long one slice of indexing may hold the main thread */
const SLICE_MS = 6;

let cache: { text: string; index: LineIndex } | null = null;
/** where the view was, so that it comes back there after the editor or a tab switch */
let place: { text: string; top: number; lit: number | null; seq: number } = {
  text: '',
  top: 0,
  lit: null,
  seq: 0,
};

const NO_LINES = emptyIndex(0);

function useLineIndex(text: string): LineIndex {
  // the index is of one text: a newer text starts from nothing (or from the cache)
  const [state, setState] = useState<{ text: string; index: LineIndex }>(() => ({
    text,
    index: cache?.text === text ? cache.index : NO_LINES,
  }));
  useEffect(() => {
    if (cache?.text === text) return;
    let live = true;
    let at = emptyIndex(text.length);
    let from = 0;
    const step = () => {
      if (!live) return;
      const end = performance.now() + SLICE_MS;
      const r = indexLines(text, at, from, () => performance.now() > end);
      at = r.index;
      from = r.next;
      if (at.done) cache = { text, index: at };
      setState({ text, index: at });
      if (!at.done) setTimeout(step, 0);
    };
    const first = setTimeout(step, 0);
    return () => {
      live = false;
      clearTimeout(first);
    };
  }, [text]);
  if (cache?.text === text) return cache.index;
  return state.text === text ? state.index : NO_LINES;
}

export function DumpTextView(props: {
  text: string;
  reveal: RevealRequest | null;
  /** the lines a diagnostic is about, with its message */
  problems: ReadonlyMap<number, string>;
  label: string;
  height: number;
}) {
  const { text, reveal, problems, height } = props;
  const index = useLineIndex(text);
  const box = useRef<HTMLDivElement>(null);
  // where the view is, for one text: another text starts at its top, nothing marked
  const [view, setView] = useState(() => ({
    text,
    top: place.text === text ? place.top : 0,
    lit: place.text === text ? place.lit : null,
  }));
  const top = view.text === text ? view.top : 0;
  const lit = view.text === text ? view.lit : null;
  // back from the editor (or another tab) the same text opens where it was left; the scroll
  // event that follows brings the state along
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const at = place.text === text ? place.top : 0;
    el.scrollTop = at;
    if (place.text !== text) place = { ...place, text, top: 0, lit: null };
  }, [text]);
  useEffect(() => {
    const el = box.current;
    // a request already served (before the editor was opened, say) is not served again
    if (!el || !reveal || reveal.seq === place.seq) return;
    const y = (reveal.line - 1) * LINE;
    el.scrollTop = Math.max(0, y - el.clientHeight / 3);
    place = { text, top: el.scrollTop, lit: reveal.line, seq: reveal.seq };
    setView({ text, top: el.scrollTop, lit: reveal.line });
  }, [reveal, text]);
  const digits = String(Math.max(index.count, 1)).length;
  const first = Math.max(0, Math.floor(top / LINE) - OVERSCAN);
  const last = Math.min(index.count, Math.ceil((top + height) / LINE) + OVERSCAN);
  const rows: ReactNode[] = [];
  for (let k = first; k < last; k++) {
    const line = k + 1;
    const problem = problems.get(line);
    rows.push(
      <div
        key={k}
        className={`dump-line${line === lit ? ' lit' : ''}${problem !== undefined ? ' problem' : ''}`}
        style={{ top: k * LINE }}
        title={problem}
        data-line={line}
      >
        <span className="dump-line-no" style={{ width: `${digits + 1}ch` }} aria-hidden="true">
          {line}
        </span>
        <span className="dump-line-text">{lineAt(text, index, k)}</span>
      </div>,
    );
  }
  return (
    <div
      ref={box}
      className="dump-text"
      style={{ height }}
      onScroll={(e) => {
        const y = e.currentTarget.scrollTop;
        setView((v) => ({ text, top: y, lit: v.text === text ? v.lit : null }));
        if (place.text === text) place.top = y;
      }}
      tabIndex={0}
      role="document"
      aria-label={props.label}
      aria-readonly="true"
      data-testid="dump-text-view"
      data-lines={index.count}
      data-indexed={index.done ? 'yes' : 'no'}
    >
      <div className="dump-text-inner" style={{ height: index.count * LINE }}>
        {rows}
      </div>
    </div>
  );
}
