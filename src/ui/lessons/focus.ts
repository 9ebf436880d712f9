/**
 * Where a step's focus is on screen: which pane its callout goes to, and the CSS that lights the
 * focused thing (a hook or table in the diagram, a chain in the graph, a rule row, a packet
 * field). Lighting is a style rule over the views' own data attributes, so the views are not
 * re-rendered or changed for it.
 */
import type { Focus, StepView } from '../../worker/lessons-protocol.ts';

export type SlotName = 'editor' | 'stage' | 'graph' | 'rules' | 'packet';

const PANES: Record<string, SlotName> = {
  editor: 'editor',
  yaml: 'editor',
  stage: 'stage',
  diagram: 'stage',
  graph: 'graph',
  rules: 'rules',
  packet: 'packet',
  probabilities: 'graph',
};

export function slotOf(focus: readonly Focus[]): SlotName {
  for (const f of focus) {
    if ('hook' in f || 'table' in f) return 'stage';
    if ('chain' in f) return 'graph';
    if ('rule' in f) return 'rules';
    if ('yaml' in f) return 'editor';
    if ('packetField' in f || 'conntrack' in f) return 'packet';
    if ('pane' in f) return PANES[f.pane] ?? 'stage';
  }
  return 'stage';
}

/** The pane a step's callout goes to: a "click the rule" question sits over the rules view. */
export function slotOfStep(step: Pick<StepView, 'focus' | 'ask'>): SlotName {
  return step.ask?.kind === 'pick' ? 'rules' : slotOf(step.focus);
}

/** While a rule is to be picked, the rows of the rules view say they can be clicked. */
export const PICK_CSS =
  '[data-testid="rule-table"] tr.nv-rule:not(.nv-policy-row) { cursor: pointer; }\n' +
  '[data-testid="rule-table"] tr.nv-rule:not(.nv-policy-row):is(:hover, :focus-visible) ' +
  '{ outline: 2px dashed var(--lesson-focus); outline-offset: -2px; }\n';

/** A value inside a CSS attribute selector, quoted and escaped. */
function attr(v: string): string {
  return `"${v.replace(/["\\]/g, '\\$&')}"`;
}

/** The selectors of what the focus lights. */
export function focusSelectors(focus: readonly Focus[]): string[] {
  const out: string[] = [];
  for (const f of focus) {
    if ('hook' in f) out.push(`[data-place=${attr(`hook:${f.hook}`)}]`);
    else if ('table' in f) out.push(`[data-place=${attr(`${f.table.hook}/${f.table.table}`)}]`);
    else if ('chain' in f) out.push(`[data-chain=${attr(f.chain)}]`);
    else if ('rule' in f && f.rule.index !== undefined)
      out.push(`[data-testid="rule-table"] tr[data-rule=${attr(String(f.rule.index))}]`);
    else if ('packetField' in f) out.push(`[data-field=${attr(f.packetField)}]`);
  }
  return out;
}

/** The style rule that lights the focus: an outline for HTML, a thick stroke for SVG shapes. */
export function focusCss(focus: readonly Focus[]): string {
  const sel = focusSelectors(focus);
  if (sel.length === 0) return '';
  const html = sel.map((s) => `${s}:not(g)`).join(',\n');
  const svg = sel.map((s) => `g${s} > :is(rect, path, ellipse, polygon)`).join(',\n');
  return `${html} { outline: 3px solid var(--lesson-focus); outline-offset: 2px; }\n${svg} { stroke: var(--lesson-focus); stroke-width: 3px; }\n`;
}
