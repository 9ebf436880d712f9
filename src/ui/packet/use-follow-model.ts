/**
 * Keeps the packet form in step with the cluster on screen: once the YAML in the editor has
 * compiled, a choice the new cluster no longer has is replaced by the closest one (follow-model.ts).
 * Only a compile of the very text in the editor counts: an older cluster still on screen while
 * a newly opened example compiles must not pull the example's packet back to old names.
 */
import { useEffect } from 'react';
import { useShownCluster } from '../queries/scenario.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { followModel } from './follow-model.ts';

export function useFormFollowsModel(): void {
  const shown = useShownCluster();
  const summary = shown.isPlaceholderData ? undefined : shown.data?.summary;
  const current = useScenario((s) => s.mode === 'cluster' && s.goodYaml === s.yaml);
  useEffect(() => {
    if (!summary || !current) return;
    const { form } = useScenario.getState();
    const next = followModel(form, summary);
    if (next !== form) useScenario.setState({ form: next });
  }, [summary, current]);
}
