/**
 * The trace on screen during a lesson: the runner's trace of the step's packet in the learner's
 * world (the same trace the check reads), not the packet form's. Until the step's question is
 * answered, the steps after the veil are left out and the packet's fate is withheld, so neither
 * the player, the diagram, the chain graph nor the rules view can give the answer away.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { TraceStep } from '../../engine/netfilter/trace.ts';
import { ask } from '../../worker/client.ts';
import type { World } from '../../worker/lessons-protocol.ts';
import type { TraceResponse } from '../../worker/protocol.ts';
import type { CurrentTrace } from '../queries/current-trace.ts';
import { usePlayerStore } from '../views/trace-player/player-store.ts';
import { useSession } from './session-store.ts';

const NO_STEPS: readonly TraceStep[] = [];

/** The packet the player follows: the step's own, once sent; else the last one sent. */
export function tracedPacket(world: World | null, stepPacket: string | null): string | null {
  if (!world) return null;
  if (stepPacket !== null && world.sent.includes(stepPacket)) return stepPacket;
  return world.sent.at(-1) ?? null;
}

/** Steps up to and including `veil`; all of them when there is no veil. */
export function veiled<T>(steps: readonly T[], veil: number | null): readonly T[] {
  return veil === null ? steps : steps.slice(0, Math.max(0, veil + 1));
}

/** The lesson's trace as the views read it, or null outside a lesson (the workspace's own). */
export function useLessonTrace(): CurrentTrace | null {
  const lessonId = useSession((s) => s.lessonId);
  const step = useSession((s) => s.step);
  const world = useSession((s) => s.world);
  const answered = useSession((s) => s.answered);
  const packet = tracedPacket(world, step?.packet ?? null);
  // the answer and the cursor do not change the trace: left out of the key
  const traced = world ? { ...world, answer: null, cursor: null } : null;
  const enabled = lessonId !== null && step !== null && traced !== null && packet !== null;
  const q = useQuery({
    queryKey: ['lessonTrace', lessonId, step?.index, traced, packet],
    queryFn: () =>
      ask('lessonTrace', (e) =>
        e.lessonTrace(lessonId ?? '', step?.index ?? 0, traced as World, packet ?? ''),
      ),
    enabled,
  });
  const data = enabled ? q.data : undefined;
  const shown = useMemo(() => {
    if (lessonId === null) return null;
    const packetTrace = data?.result?.packets.at(-1);
    const veil = answered ? null : (data?.veil ?? null);
    const response: TraceResponse | undefined = data
      ? { result: data.result, packets: data.packets, problems: data.problems }
      : undefined;
    return {
      response,
      index: 0,
      count: packetTrace ? 1 : 0,
      steps: packetTrace ? veiled(packetTrace.steps, veil) : NO_STEPS,
      // the fate is the answer to most questions: withheld while veiled
      result: packetTrace && veil === null ? packetTrace.result : undefined,
      backend: data?.result?.backend ?? 'nft',
      node: data?.node ?? null,
    };
  }, [lessonId, data, answered]);
  // a new or unveiled trace resets the player (TracePlayer, a child: its effect runs first); the
  // place the learner checked from, or the solution's, is put back
  const steps = shown?.steps;
  useEffect(() => {
    const cursor = useSession.getState().world?.cursor;
    if (steps && cursor && cursor.packet === packet && cursor.index < steps.length)
      usePlayerStore.getState().seek(cursor.index);
  }, [steps, packet]);
  return shown;
}
