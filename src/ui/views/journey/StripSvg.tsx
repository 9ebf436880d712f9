/**
 * The strip itself, in plain SVG: a box per place (sender, nodes, receiver), the request's
 * arrows on the upper lane, the reply's on the lower, and a dot that hops along both. Nodes are
 * buttons: picking one shows its part of the journey in the other views.
 */
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import type { Journey, PlaceView } from '../../../engine/cluster/journey/index.ts';
import { fitBox, noteLines, type BoxText, type FittedNote } from './box-fit.ts';
import {
  BOX_Y,
  LINE_H,
  stripLayout,
  TEXT_X,
  type Arrow,
  type BoxMetrics,
  type Point,
  type StripColumn,
  type StripLayout,
} from './strip-layout.ts';
import type { JourneyStrings } from './strings.ts';
import type { Measure } from './text-fit.ts';
import { usePanelFit } from './use-panel-fit.ts';

export interface StripSvgProps {
  layout: StripLayout;
  /** each column's words, fitted to its box */
  texts: readonly BoxText[];
  /** px drawn: the layout's width, or less when it must be scaled down to fit */
  width: number;
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

function NoteText({ fitted, y }: { fitted: FittedNote; y: number }) {
  const { note, lines, size, cut } = fitted;
  if (!note.text) return null;
  const title = note.title ?? (cut ? note.text : null);
  // a line broken at a space keeps it (unseen at the line's end), so the text reads whole
  const sep = lines.join(' ') === note.text ? ' ' : '';
  const classes = ['nv-jr-note', note.tone, note.nat ? `nat-${note.nat}` : ''].join(' ');
  return (
    <text
      x={TEXT_X}
      y={y}
      className={classes}
      style={{ fontSize: `${size}px` }}
      data-nat={note.nat}
    >
      {lines.map((line, i) => (
        <tspan key={i} x={TEXT_X} dy={i === 0 ? 0 : LINE_H}>
          {i < lines.length - 1 ? `${line}${sep}` : line}
        </tspan>
      ))}
      {title ? <title>{cut && note.title ? `${note.text}\n${note.title}` : title}</title> : null}
    </text>
  );
}

/** One direction's notes, one under the other from the row's first baseline. */
function NoteRow({ notes, y }: { notes: readonly FittedNote[]; y: number }) {
  // each note starts below the lines of the ones above it
  const starts = notes.map((_, i) =>
    notes.slice(0, i).reduce((at, f) => at + f.lines.length * LINE_H, y),
  );
  return (
    <>
      {notes.map((f, i) => (
        <NoteText key={i} fitted={f} y={starts[i]!} />
      ))}
    </>
  );
}

function ArrowLine({ a, kind }: { a: Arrow; kind: 'request' | 'reply' }) {
  // leave a little room at each end so the head does not touch the box
  const dir = a.x2 >= a.x1 ? 1 : -1;
  return (
    <line
      className={`nv-jr-arrow ${kind}`}
      x1={a.x1 + 2 * dir}
      x2={a.x2 - 3 * dir}
      y1={a.y}
      y2={a.y}
      markerEnd={`url(#nv-jr-head-${kind})`}
    />
  );
}

function Column({
  col,
  text,
  colW,
  box,
  picked,
  onPick,
  t,
}: {
  col: StripColumn;
  text: BoxText;
  colW: number;
  box: BoxMetrics;
  picked: boolean;
  onPick: (col: StripColumn) => void;
  t: JourneyStrings;
}) {
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
      <rect width={colW} height={box.height} rx={col.kind === 'node' ? 4 : 10} />
      <text
        x={TEXT_X}
        y={box.nameY}
        className="nv-jr-name"
        style={{ fontSize: `${text.name.size}px` }}
      >
        {text.name.lines[0]}
      </text>
      <text
        x={TEXT_X}
        y={box.subY}
        className="nv-jr-sub"
        style={{ fontSize: `${text.sub.size}px` }}
      >
        {text.sub.lines[0]}
        {text.sub.cut ? <title>{text.subText}</title> : null}
      </text>
      <NoteRow notes={text.notes[0]} y={box.noteY[0]} />
      <NoteRow notes={text.notes[1]} y={box.noteY[1]} />
    </g>
  );
}

export function StripSvg({
  layout,
  texts,
  width,
  picked,
  onPick,
  reducedMotion,
  t,
}: StripSvgProps) {
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
      width={width}
      height={(layout.height * width) / layout.width}
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
            markerUnits="userSpaceOnUse"
            markerWidth={8}
            markerHeight={8}
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
      {layout.columns.map((col, i) => (
        <Column
          key={col.key}
          col={col}
          text={texts[i]!}
          colW={layout.colW}
          box={layout.box}
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

export interface StripProps {
  journey: Journey;
  from: PlaceView;
  nodeIPs: ReadonlyMap<string, string>;
  picked: string | null;
  onPick: (col: StripColumn) => void;
  reducedMotion: boolean;
  t: JourneyStrings;
}

function fitted(
  j: Journey,
  from: PlaceView,
  nodeIPs: ReadonlyMap<string, string>,
  width: number | undefined,
  measure: Measure,
  t: JourneyStrings,
): { layout: StripLayout; texts: BoxText[] } {
  const opts = width === undefined ? {} : { width };
  const flat = stripLayout(j, from, nodeIPs, opts);
  const texts = flat.columns.map((c) => fitBox(c, j, t, flat.colW, measure));
  const lines = noteLines(texts);
  // wrapped notes make the rows of notes taller; the columns stay as wide
  const layout =
    lines[0] === 1 && lines[1] === 1
      ? flat
      : stripLayout(j, from, nodeIPs, { ...opts, noteLines: lines });
  return { layout, texts };
}

/** The strip fitted to its panel: as wide as the panel, never wider. */
export function Strip({ journey, from, nodeIPs, picked, onPick, reducedMotion, t }: StripProps) {
  const area = useRef<HTMLDivElement>(null);
  const { width, measure } = usePanelFit(area);
  const { layout, texts } = useMemo(
    () => fitted(journey, from, nodeIPs, width, measure, t),
    [journey, from, nodeIPs, width, measure, t],
  );
  const drawn = width !== undefined && width > 0 ? Math.min(layout.width, width) : layout.width;
  return (
    <div className="nv-jr-scroll" ref={area}>
      <StripSvg
        layout={layout}
        texts={texts}
        width={drawn}
        picked={picked}
        onPick={onPick}
        reducedMotion={reducedMotion}
        t={t}
      />
    </div>
  );
}
