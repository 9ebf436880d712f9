/** The texts a partial sync is worked out between follow the YAML that compiled last. */
import { describe, expect, it } from 'vitest';
import { useScenario } from '../stores/scenario-store.ts';
import { useSyncPair } from './sync-baseline.ts';

describe('useSyncPair', () => {
  it('holds the text before and after each edit that compiled', () => {
    useScenario.getState().setGoodYaml('a');
    expect(useSyncPair.getState()).toMatchObject({ before: null, after: null });
    useScenario.getState().setGoodYaml('b');
    expect(useSyncPair.getState()).toMatchObject({ before: 'a', after: 'b' });
    useScenario.getState().setGoodYaml('c');
    expect(useSyncPair.getState()).toMatchObject({ before: 'b', after: 'c' });
  });
});
