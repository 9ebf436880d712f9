/**
 * Opening an example puts it on screen through the same door as "Reset to example": what was
 * there (both editors' texts, the packet, the views) is kept for the Undo the notice offers.
 */
import type { Scenario } from '../../engine/scenarios/index.ts';
import { replaceWith } from '../share/open.ts';
import { exampleScenarioDoc } from './example-doc.ts';

export function openExample(s: Scenario, cluster: number): void {
  replaceWith(exampleScenarioDoc(s, cluster), 'example');
}
