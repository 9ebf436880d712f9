/**
 * The strip itself, in plain SVG: a box per place (sender, nodes, receiver), the request's
 * arrows on the upper lane, the reply's on the lower, and a dot that hops along both. Nodes are
 * buttons: picking one shows its part of the journey in the other views.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Journey } from '../../../engine/cluster/journey.ts';
import { boxNotes, type Note } from './hop-text.ts';
import {
  BOX_H,
  BOX_Y,
  COL_W,
  type Arrow,
  type Point,
  type StripColumn,
  type StripLayout,
} from './strip-layout.ts';
import type { JourneyStrings } from './strings.ts';

export interface StripSvgProps {
  journey: Journey;
  layout: StripLayout;
  /** the column key of the node whose part is shown */
  picked: string | null;
  onPick: (col: StripColumn) => void;
  reducedMotion: boolean;
  t: JourneyStrings;
}

const SECONDS_PER_HOP = 0.7;

function pathOf(points: readonly Point[]): string {
  return points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${p.y}`).join(' ');
}

function NoteText({ note, y }: { note: Note; y: number }) {
  if (!note.text) return null;
  return (
    <text x={8} y={y} className={`nv-jr-note ${note.tone}`}>
      {note.text}
      {note.title ? <title>{note.title}</title> : null}
    </text>
  );
}

function ArrowLine({ a, kind }: { a: Arrow; kind: 'request' | 'reply' }) {
  // leave a little room at each end so the head does not touch the box
  const dir = a.x2 >= a.x1 ? 1 : -1;
  return (
    <line
      className={`nv-jr-arrow ${kind}`}
      x1={a.x1 + 3 * dir}
      x2={a.x2 - 4 * dir}
      y1={a.y}
      y2={a.y}
      markerEnd={`url(#nv-jr-head-${kind})`}
    />
  );
}

function Column({
  col,
  journey,
  picked,
  onPick,
  t,
}: {
  col: StripColumn;
  journey: Journey;
  picked: boolean;
  onPick: (col: StripColumn) => void;
  t: JourneyStrings;
}) {
  const [top, bottom] = boxNotes(col, journey, t);
  const pickable = col.kind === 'node' && col.hops.length > 0;
  const classes = [
    'nv-jr-box',
    col.kind,
    col.stopped ? 'stopped' : '',
    picked ? 'picked' : '',
    pickable ? 'pickable' : '',
  ].join(' ');
  const interaction = pickable
    ? {
        role: 'button',
        tabIndex: 0,
        'aria-pressed': picked,
        'aria-label': t.nodeLabel(col.name, picked),
        onClick: () => onPick(col),
        onKeyDown: (e: KeyboardEvent) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            onPick(col);
          }
        },
      }
    : {};
  return (
    <g
      className={classes}
      transform={`translate(${col.x},${BOX_Y})`}
      data-place={col.key}
      {...interaction}
    >
      <title>{`${t.kind[col.kind]} ${col.name}${col.address ? ` (${col.address})` : ''}`}</title>
      <rect width={COL_W} height={BOX_H} rx={col.kind === 'node' ? 4 : 10} />
      <text x={8} y={16} className="nv-jr-name">
        {col.short}
      </text>
      <text x={8} y={30} className="nv-jr-sub">
        {t.kind[col.kind]}
        {col.address ? ` · ${col.address}` : ''}
      </text>
      <NoteText note={top} y={48} />
      <NoteText note={bottom} y={89} />
    </g>
  );
}

export function StripSvg({ journey, layout, picked, onPick, reducedMotion, t }: StripSvgProps) {
  const route = [...layout.requestPath, ...layout.replyPath];
  const d = pathOf(route);
  const motion = useRef<SVGAnimateMotionElement>(null);
  useEffect(() => {
    // a new journey: the packet sets off again
    motion.current?.beginElement();
  }, [d, reducedMotion]);
  const end = route[route.length - 1];
  const seconds = Math.max(1, route.length - 1) * SECONDS_PER_HOP;
  return (
    <svg
      className="nv-jr-svg"
      width={layout.width}
      height={layout.height}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      data-testid="journey-strip"
    >
      <defs>
        {(['request', 'reply'] as const).map((k) => (
          <marker
            key={k}
            id={`nv-jr-head-${k}`}
            viewBox="0 0 10 10"
            refX={9}
            refY={5}
            markerWidth={6}
            markerHeight={6}
            orient="auto"
          >
            <path d="M0,0L10,5L0,10z" className={`nv-jr-head ${k}`} />
          </marker>
        ))}
      </defs>
      {layout.requestArrows.map((a, i) => (
        <ArrowLine key={`q${i}`} a={a} kind="request" />
      ))}
      {layout.replyArrows.map((a, i) => (
        <ArrowLine key={`r${i}`} a={a} kind="reply" />
      ))}
      {layout.columns.map((col) => (
        <Column
          key={col.key}
          col={col}
          journey={journey}
          picked={picked === col.key}
          onPick={onPick}
          t={t}
        />
      ))}
      {end ? (
        reducedMotion ? (
          <circle className="nv-jr-packet" r={5} cx={end.x} cy={end.y} />
        ) : (
          <circle className="nv-jr-packet" r={5}>
            <animateMotion
              ref={motion}
              key={d}
              path={d}
              dur={`${seconds}s`}
              begin="indefinite"
              fill="freeze"
            />
          </circle>
        )
      ) : null}
    </svg>
  );
}
