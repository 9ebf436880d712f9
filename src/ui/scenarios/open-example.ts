/**
 * Opening an example puts it on screen through the same door as "Reset to example": what was
 * there (both editors' texts, the packet, the views) is kept for the Undo the notice offers.
 */
import type { DumpScenario, Scenario } from '../../engine/scenarios/index.ts';
import { replaceWith } from '../share/open.ts';
import { dumpExampleDoc, exampleScenarioDoc } from './example-doc.ts';

export function openExample(s: Scenario, cluster: number): void {
  replaceWith(exampleScenarioDoc(s, cluster), 'example');
}

/** The Docker example: opened in the dump workspace, through the same door. */
export function openDumpExample(s: DumpScenario): void {
  replaceWith(dumpExampleDoc(s), 'example');
}
