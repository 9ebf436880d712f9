/**
 * A sampling step's picture: the app's probabilities view, fed by the lesson runner in the
 * worker, so the exact shares and the sampled bars are the ones the step's check reads (the
 * learner's world, the step's seed). Its own buttons sample too, as in free play.
 */
import { useQuery } from '@tanstack/react-query';
import { ask } from '../../worker/client.ts';
import type { StepView, World } from '../../worker/lessons-protocol.ts';
import { useLang } from '../i18n/index.ts';
import { Probabilities } from '../views/probabilities/Probabilities.tsx';
import { useSession } from './session-store.ts';
import { sample } from './session.ts';

export function LessonSample({ step }: { step: StepView }) {
  const lang = useLang();
  const world = useSession((s) => s.world);
  const packet = step.packet;
  // the answer and the cursor do not change the shares: left out of the key
  const shown: World | null = world ? { ...world, answer: null, cursor: null } : null;
  const q = useQuery({
    queryKey: ['lessonSample', step.lessonId, step.index, shown, packet],
    queryFn: () =>
      ask('lessonSample', (e) =>
        e.lessonSample(step.lessonId, step.index, shown as World, packet ?? ''),
      ),
    enabled: shown !== null && packet !== null,
  });
  const data = q.data;
  if (!data || packet === null || data.outcomes.length === 0) return null;
  return (
    <div className="lesson-sample" data-testid="lesson-sample-view" data-runs={data.runs}>
      <Probabilities
        outcomes={data.outcomes}
        {...(data.samples ? { samples: data.samples } : {})}
        onSample={(n) => sample(packet, n)}
        lang={lang}
      />
    </div>
  );
}
