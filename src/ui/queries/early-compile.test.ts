import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expose } from 'comlink';
import { engineApi } from '../../worker/engine-api.ts';
import type { CompileClusterResult } from '../../worker/protocol.ts';
import { DEFAULT_CLUSTER_YAML } from '../scenarios/default.ts';
import { WORK_KEY } from '../share/work-key.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { askEarlyCompile, opensDefault, takeEarlyCompile } from './early-compile.ts';
import { compileQuery } from './engine-queries.ts';
import { askFirstTrace } from './first-trace.ts';
import { createQueryClient } from './query-client.ts';

// the engine behind a message channel in place of a Web Worker (as in first-trace.test.ts)
const realWorker = (globalThis as { Worker?: unknown }).Worker;
class ChannelWorker {
  constructor() {
    const { port1, port2 } = new MessageChannel();
    expose(engineApi, port2);
    return port1 as unknown as ChannelWorker;
  }
}
const initial = useScenario.getState();
const empty = { getItem: () => null };
const saved = { getItem: (k: string) => (k === WORK_KEY ? '{}' : null) };

beforeEach(() => {
  (globalThis as { Worker?: unknown }).Worker = ChannelWorker;
  useScenario.setState(initial, true);
});
afterEach(() => {
  (globalThis as { Worker?: unknown }).Worker = realWorker;
  takeEarlyCompile('');
  vi.restoreAllMocks();
});

describe('opensDefault', () => {
  it('is true with nothing saved, or with storage refused or failing', () => {
    expect(opensDefault('', empty)).toBe(true);
    expect(opensDefault('#', empty)).toBe(true);
    expect(opensDefault('', null)).toBe(true);
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(opensDefault('', throwing)).toBe(true);
  });

  it('is false for saved work or a link being opened', () => {
    expect(opensDefault('', saved)).toBe(false);
    expect(opensDefault('#s=abc', empty)).toBe(false);
  });
});

describe('askEarlyCompile', () => {
  it('compiles the default cluster once: the first trace takes that answer', async () => {
    const compile = vi.spyOn(engineApi, 'compileCluster');
    askEarlyCompile('', empty);
    const client = createQueryClient();
    await askFirstTrace(client, '');
    expect(compile).toHaveBeenCalledTimes(1);
    expect(compile).toHaveBeenCalledWith(DEFAULT_CLUSTER_YAML);
    const compiled = client.getQueryData<CompileClusterResult>(
      compileQuery(DEFAULT_CLUSTER_YAML).queryKey,
    );
    expect(compiled?.hasErrors).toBe(false);
  });

  it('asks nothing when the app opens saved work', () => {
    const compile = vi.spyOn(engineApi, 'compileCluster');
    askEarlyCompile('', saved);
    expect(takeEarlyCompile(DEFAULT_CLUSTER_YAML)).toBeNull();
    expect(compile).not.toHaveBeenCalled();
  });

  it('is not taken for another text', () => {
    askEarlyCompile('', empty);
    expect(takeEarlyCompile(`${DEFAULT_CLUSTER_YAML}\n# edited\n`)).toBeNull();
    // taken once: a later ask of the default text asks the worker itself
    expect(takeEarlyCompile(DEFAULT_CLUSTER_YAML)).toBeNull();
  });
});
