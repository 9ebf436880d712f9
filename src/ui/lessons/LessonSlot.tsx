/**
 * Where the step's callout sits: in the pane of what the step is about, just above that view
 * (the diagram, the chain graph, the rules, the editor, the packet). It is part of the pane's
 * flow, not an overlay, so it covers nothing at any width. The focused thing is lit by a style
 * rule and brought into view; a rule focus shows its chain in the rules view, a YAML focus puts
 * the editor's cursor on the field.
 */
import { useEffect, useRef } from 'react';
import { useScenario } from '../stores/scenario-store.ts';
import { useUi } from '../stores/ui-store.ts';
import { focusCss, PICK_CSS, slotOfStep, type SlotName } from './focus.ts';
import { useSession } from './session-store.ts';
import { StepCard } from './StepCard.tsx';
import { yamlPlace } from './yaml-place.ts';
import { pickedRule } from '../../worker/lessons-protocol.ts';

/** Moves the workspace to the focus once per step: the learner may look elsewhere after. */
function useFocusMoves(): void {
  const step = useSession((s) => s.step);
  useEffect(() => {
    if (!step) return;
    // a "click the rule" question shows the chain whose rules it offers in the rules view
    const offered = step.ask?.kind === 'pick' ? pickedRule(step.ask.options[0]?.id ?? '') : null;
    if (offered) {
      useUi.getState().setTable(offered.table);
      useUi.getState().selectChain(offered.chain);
    }
    for (const f of step.focus) {
      if ('rule' in f) {
        if (f.rule.table) useUi.getState().setTable(f.rule.table);
        useUi.getState().selectChain(f.rule.chain);
      } else if ('yaml' in f) {
        const at = yamlPlace(useScenario.getState().yaml, f.yaml);
        if (at) useUi.getState().revealAt(at.line, at.column);
      }
    }
  }, [step]);
}

export function LessonSlot({ name }: { name: SlotName }) {
  const step = useSession((s) => s.step);
  const screen = useSession((s) => s.screen);
  const ref = useRef<HTMLDivElement>(null);
  const here = screen === 'lesson' && step !== null && slotOfStep(step) === name;
  useEffect(() => {
    if (here) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [here, step]);
  if (!here) return null;
  return (
    <div ref={ref} className="lesson-slot" data-testid="lesson-slot" data-slot={name}>
      <StepCard />
    </div>
  );
}

/** The style that lights the step's focus, and the moves it asks of the workspace. */
export function LessonFocus() {
  const step = useSession((s) => s.step);
  const screen = useSession((s) => s.screen);
  useFocusMoves();
  if (screen !== 'lesson' || !step) return null;
  const css = focusCss(step.focus) + (step.ask?.kind === 'pick' ? PICK_CSS : '');
  return css ? <style data-testid="lesson-focus-style">{css}</style> : null;
}
