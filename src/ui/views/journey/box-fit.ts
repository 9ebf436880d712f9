/**
 * Each box's words fitted to its width: the name (cut in the middle), the kind and address, and
 * the request's and the reply's notes (a node's NAT is one note per translation; a note wraps
 * onto two lines when need be). The rows of notes
 * are as tall as the tallest box needs, so the lanes stay straight across the strip.
 */
import type { Journey } from '../../../engine/cluster/journey/index.ts';
import { boxNotes, type Note } from './hop-text.ts';
import { TEXT_X, type StripColumn } from './strip-layout.ts';
import type { JourneyStrings } from './strings.ts';
import { fitLine, fitNote, type Fitted, type Font, type Measure } from './text-fit.ts';

/** as journey.css draws them: .nv-jr-name, .nv-jr-sub, .nv-jr-note */
export const NAME_FONT: Font = { size: 12, weight: 600 };
export const SUB_FONT: Font = { size: 10 };
export const NOTE_FONT: Font = { size: 10, mono: true };
/** the smallest each line may shrink to before it wraps or is cut */
const NAME_MIN = 10.5;
const SUB_MIN = 9;
const NOTE_MIN = 9;
/** canvas and SVG may round differently: keep a pixel spare */
const SPARE = 0.5;

export interface FittedNote extends Fitted {
  note: Note;
}

export interface BoxText {
  name: Fitted;
  sub: Fitted;
  subText: string;
  /** the request's lines, then the reply's: each note on one line, or two when it wraps */
  notes: [FittedNote[], FittedNote[]];
}

export function subText(col: StripColumn, t: JourneyStrings): string {
  return `${t.kind[col.kind]}${col.address ? ` · ${col.address}` : ''}`;
}

export function fitBox(
  col: StripColumn,
  j: Journey,
  t: JourneyStrings,
  colW: number,
  measure: Measure,
): BoxText {
  const room = colW - 2 * TEXT_X - SPARE;
  const sub = subText(col, t);
  const note = (n: Note): FittedNote => ({
    note: n,
    ...fitNote(n.text, room, measure, NOTE_FONT, NOTE_MIN),
  });
  const [top, bottom] = boxNotes(col, j, t);
  return {
    name: fitLine(col.short, room, measure, NAME_FONT, NAME_MIN, 'middle'),
    sub: fitLine(sub, room, measure, SUB_FONT, SUB_MIN),
    subText: sub,
    notes: [top.map(note), bottom.map(note)],
  };
}

/** How many lines a list of notes takes. */
export function linesOf(notes: readonly FittedNote[]): number {
  return notes.reduce((n, f) => n + f.lines.length, 0);
}

/** How many lines the request's and the reply's notes take in the tallest box. */
export function noteLines(boxes: readonly BoxText[]): [number, number] {
  const most = (i: 0 | 1) => Math.max(1, ...boxes.map((b) => linesOf(b.notes[i])));
  return [most(0), most(1)];
}
