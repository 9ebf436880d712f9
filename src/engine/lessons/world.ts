/**
 * The learner's world during a lesson: the scenario as they have changed it, the packets they
 * sent, where the trace player stands and what they answered. Plain data: it crosses the worker
 * boundary and is stored with progress.
 */
import type { AnswerInput, Backend } from './types.ts';

export interface World {
  /** the cluster YAML as edited (cluster lessons) */
  cluster: string | null;
  /** the dump as edited or pasted (dump lessons) */
  rules: string | null;
  /** the host file's text (dump lessons) */
  host: string | null;
  /** the backend toggle; null: the scenario's */
  backend: Backend | null;
  /** names of the packets sent, in order */
  sent: string[];
  /** the trace player's position: a step index in the named packet's trace */
  cursor: { packet: string; index: number } | null;
  /** the learner's answer to the current question */
  answer: AnswerInput | null;
  /** the last sampling run */
  sampled: { packet: string; n: number } | null;
}

export function emptyWorld(): World {
  return {
    cluster: null,
    rules: null,
    host: null,
    backend: null,
    sent: [],
    cursor: null,
    answer: null,
    sampled: null,
  };
}
