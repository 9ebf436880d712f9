/**
 * Cluster journeys, the one way in: follow a flow across the cluster's nodes, read a flow, and
 * put a journey into words. The files beside this one are its parts and import only each other
 * in one direction (follow → walk, outcomes, text → places, exact, types).
 */
export { journey } from './follow.ts';
export { readFlow, type Flow } from './flow.ts';
export type { PlaceView } from './places.ts';
export {
  describeJourney,
  describeJourneyResult,
  describePlace,
  noteText,
  POD_NETWORK_NOTE,
  ROUTED_POD_NETWORK_NOTE,
} from './text.ts';
export type * from './types.ts';
