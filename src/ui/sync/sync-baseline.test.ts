/** The texts a partial sync is worked out between follow the YAML that compiled last. */
import { describe, expect, it } from 'vitest';
import { useScenario } from '../stores/scenario-store.ts';
import { useSyncPair } from './sync-baseline.ts';

const pair = () => ({ ...useSyncPair.getState() });

describe('useSyncPair', () => {
  it('holds the text before and after each edit that compiled', () => {
    useScenario.getState().setGoodYaml('a');
    expect(pair()).toEqual({ before: null, after: null });
    useScenario.getState().setYaml('b');
    useScenario.getState().settle('b', '');
    useScenario.getState().setGoodYaml('b');
    expect(pair()).toEqual({ before: 'a', after: 'b' });
    useScenario.getState().setGoodYaml('c');
    expect(pair()).toEqual({ before: 'b', after: 'c' });
  });

  it('starts again when a whole text is put in (an example, a lesson, a link)', () => {
    useScenario.setState({ yaml: 'example', settledYaml: 'example' });
    expect(pair()).toEqual({ before: null, after: null });
    useScenario.getState().setGoodYaml('example');
    expect(pair()).toEqual({ before: null, after: null });
    useScenario.getState().setYaml('edited');
    useScenario.getState().settle('edited', '');
    useScenario.getState().setGoodYaml('edited');
    expect(pair()).toEqual({ before: 'example', after: 'edited' });
  });
});
