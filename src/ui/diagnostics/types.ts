/** What any diagnostic the UI shows has, whichever engine stage made it. */
import type { DiagnosticArgs } from '../../engine/rules/index.ts';

export type { DiagnosticArgs };

export interface ShownDiagnostic {
  code: string;
  /** the engine's English sentence: the reference wording, and the fallback */
  message: string;
  args?: DiagnosticArgs | undefined;
}

/**
 * A code's Korean: a heading that names the kind of problem, and the sentence built from the
 * diagnostic's values when they say which sentence is meant (undefined when they do not).
 */
export interface KoEntry {
  title: string;
  say?: (a: DiagnosticArgs) => string | undefined;
}
