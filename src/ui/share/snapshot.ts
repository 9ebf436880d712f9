/**
 * The app's state as a scenario document and back: read from the scenario, ui and player stores,
 * written into them. The player's step cannot be set until the trace it indexes has arrived, so
 * applying leaves it as a pending step (restore-step.ts seeks it later).
 */
import { DEFAULT_CLUSTER_YAML, DEFAULT_NODE, DEFAULT_PACKET } from '../scenarios/default.ts';
import { useScenario, type ScenarioState } from '../stores/scenario-store.ts';
import { useUi } from '../stores/ui-store.ts';
import { usePlayerStore } from '../views/trace-player/player-store.ts';
import { SCENARIO_VERSION, type ScenarioDoc } from '../../engine/scenario/doc.ts';
import { useShareStore } from './share-store.ts';

export interface TakeOptions {
  /** both editors' texts (autosave, files), or only the one on screen (links) */
  texts: 'both' | 'shown';
  /** leave the dump out (a node's rules can be private): the packet, host and view still go */
  withoutDump?: boolean;
}

/** The state on screen as a document. */
export function takeSnapshot({ texts, withoutDump = false }: TakeOptions): ScenarioDoc {
  const s = useScenario.getState();
  const ui = useUi.getState();
  const doc: ScenarioDoc = {
    version: SCENARIO_VERSION,
    mode: s.mode,
    dumpHost: s.dumpHost ?? null,
    node: s.node,
    form: s.form,
    sent: s.sent,
    packetIndex: ui.packetIndex,
    step: usePlayerStore.getState().current,
    view: {
      table: ui.table,
      selectedChain: ui.selectedChain,
      rulesView: ui.rulesView,
      rulesFormat: ui.rulesFormat,
    },
    lang: ui.lang,
    theme: ui.theme,
  };
  if (texts === 'both' || s.mode === 'cluster') doc.yaml = s.yaml;
  if ((texts === 'both' || s.mode === 'dump') && !withoutDump) doc.dump = s.dump;
  // a step indexes the trace of this dump: without the dump it would point into another one
  if (withoutDump && s.mode === 'dump') doc.step = -1;
  return doc;
}

/** The example the app opens with (language and theme are the user's, so they stay). */
export function exampleDoc(): ScenarioDoc {
  return {
    version: SCENARIO_VERSION,
    mode: 'cluster',
    yaml: DEFAULT_CLUSTER_YAML,
    dump: '',
    dumpHost: null,
    node: DEFAULT_NODE,
    form: DEFAULT_PACKET,
    sent: { form: DEFAULT_PACKET, withReply: false, seed: 1 },
    packetIndex: 0,
    step: -1,
    view: { table: 'auto', selectedChain: null, rulesView: 'table', rulesFormat: 'save' },
  };
}

/** Puts a document on screen. Texts it does not carry stay as they are. */
export function applySnapshot(doc: ScenarioDoc): void {
  const patch: Partial<ScenarioState> = {
    mode: doc.mode,
    dumpHost: doc.dumpHost ?? null,
    node: doc.node,
    form: doc.form,
    sent: doc.sent,
  };
  // settled at once: a restored scenario need not wait for typing to pause
  if (doc.yaml !== undefined) Object.assign(patch, { yaml: doc.yaml, settledYaml: doc.yaml });
  if (doc.dump !== undefined) Object.assign(patch, { dump: doc.dump, settledDump: doc.dump });
  useScenario.setState(patch);
  useUi.setState({
    packetIndex: doc.packetIndex,
    table: doc.view.table,
    selectedChain: doc.view.selectedChain,
    rulesView: doc.view.rulesView,
    rulesFormat: doc.view.rulesFormat,
    ...(doc.lang ? { lang: doc.lang } : {}),
    ...(doc.theme ? { theme: doc.theme } : {}),
  });
  const s = useScenario.getState();
  useShareStore.getState().setPendingStep(
    doc.step >= 0
      ? {
          step: doc.step,
          mode: doc.mode,
          text: doc.mode === 'cluster' ? s.yaml : s.dump,
          sent: s.sent,
        }
      : null,
  );
  if (doc.step < 0) usePlayerStore.getState().restart();
}

/**
 * Whether the editors hold work of the user's own that `doc` would replace: text that is neither
 * the example nor empty, and not what the document carries anyway.
 */
export function wouldReplaceWork(doc: ScenarioDoc): boolean {
  const s = useScenario.getState();
  const yamlLost =
    doc.yaml !== undefined &&
    s.yaml !== doc.yaml &&
    s.yaml !== DEFAULT_CLUSTER_YAML &&
    s.yaml.trim() !== '';
  const dumpLost = doc.dump !== undefined && s.dump !== doc.dump && s.dump.trim() !== '';
  const hostLost =
    doc.mode === 'dump' &&
    s.dumpHost !== null &&
    s.dumpHost !== undefined &&
    JSON.stringify(s.dumpHost) !== JSON.stringify(doc.dumpHost);
  return yamlLost || dumpLost || hostLost;
}
