/**
 * The menu's export actions: the netfilter diagram and the chain graph as SVG or PNG, the trace
 * as the `trace --json` document (made by the worker, so it is the CLI's very format), and the
 * scenario as a file.
 */
import { ask } from '../../worker/client.ts';
import type { TraceRequest } from '../../worker/protocol.ts';
import { encodeFile } from '../../engine/scenario/codec.ts';
import { download, standaloneSvg, svgToPng } from './export-svg.ts';
import type { ScenarioDoc } from '../../engine/scenario/doc.ts';

export type Drawing = 'diagram' | 'graph';

const SELECTORS: Record<Drawing, string> = {
  diagram: '[data-testid="netfilter-diagram"] svg',
  graph: '[data-testid="chain-graph"] svg',
};

export const FILE_NAMES = {
  diagram: 'netfilter-diagram',
  graph: 'chain-graph',
  trace: 'netfilter-lab-trace.json',
  scenario: 'netfilter-lab-scenario.json',
} as const;

function drawing(which: Drawing): { svg: SVGSVGElement; background: string } | null {
  const svg = document.querySelector<SVGSVGElement>(SELECTORS[which]);
  if (!svg) return null;
  const panel = svg.closest('.nv-panel') ?? document.body;
  let background = getComputedStyle(panel).backgroundColor;
  if (!background || background === 'rgba(0, 0, 0, 0)')
    background = getComputedStyle(document.body).backgroundColor || '#ffffff';
  return { svg, background };
}

export function canExport(which: Drawing): boolean {
  return document.querySelector(SELECTORS[which]) !== null;
}

/** Saves the drawing; returns the file name, or null when it is not on screen. */
export async function exportDrawing(which: Drawing, as: 'svg' | 'png'): Promise<string | null> {
  const d = drawing(which);
  if (!d) return null;
  const svg = standaloneSvg(d.svg, d.background);
  const name = `${FILE_NAMES[which]}.${as}`;
  if (as === 'svg') download(new Blob([svg.text], { type: 'image/svg+xml' }), name);
  else download(await svgToPng(svg), name);
  return name;
}

/** Saves the trace of `req` as JSON; null when the worker could not trace it. */
export async function exportTrace(req: TraceRequest): Promise<string | null> {
  const doc = await ask('traceJson', (e) => e.traceJson(req));
  if (!doc) return null;
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  download(new Blob([text], { type: 'application/json' }), FILE_NAMES.trace);
  return FILE_NAMES.trace;
}

export function exportScenario(doc: ScenarioDoc): string {
  download(new Blob([encodeFile(doc)], { type: 'application/json' }), FILE_NAMES.scenario);
  return FILE_NAMES.scenario;
}
