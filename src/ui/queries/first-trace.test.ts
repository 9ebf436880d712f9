import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expose } from 'comlink';
import { engineApi } from '../../worker/engine-api.ts';
import type { CompileClusterResult, TraceResponse } from '../../worker/protocol.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { compileQuery, traceQuery } from './engine-queries.ts';
import { askFirstTrace } from './first-trace.ts';
import { createQueryClient } from './query-client.ts';
import { clusterRequest } from './scenario.ts';

// The engine behind a message channel in place of a Web Worker: the same comlink calls the app
// makes, answered by the engine itself.
const realWorker = (globalThis as { Worker?: unknown }).Worker;
class ChannelWorker {
  constructor() {
    const { port1, port2 } = new MessageChannel();
    expose(engineApi, port2);
    return port1 as unknown as ChannelWorker;
  }
}
const initial = useScenario.getState();

beforeEach(() => {
  (globalThis as { Worker?: unknown }).Worker = ChannelWorker;
  useScenario.setState(initial, true);
});
afterEach(() => {
  (globalThis as { Worker?: unknown }).Worker = realWorker;
});

describe('askFirstTrace', () => {
  it('leaves the compile and the trace where the views will look for them', async () => {
    const client = createQueryClient();
    await askFirstTrace(client, '');
    const { yaml, sent, goodYaml } = useScenario.getState();
    expect(goodYaml).toBe(yaml);
    const compiled = client.getQueryData<CompileClusterResult>(compileQuery(yaml).queryKey);
    expect(compiled?.hasErrors).toBe(false);
    if (!compiled || !sent) throw new Error('no compile, or nothing sent');
    // the request the views build from the same state (useSentRequest)
    const asked = clusterRequest(sent, compiled.summary, yaml);
    if (!asked.ok) throw new Error(asked.problem);
    const traced = client.getQueryData<TraceResponse>(traceQuery(asked.req).queryKey);
    const packet = traced?.result?.packets[0]?.result.packet;
    expect(packet?.dport).toBe(8080);
  });

  it('asks nothing while a link is being opened', async () => {
    const client = createQueryClient();
    await askFirstTrace(client, '#s=abc');
    expect(client.getQueryCache().getAll()).toEqual([]);
    expect(useScenario.getState().goodYaml).toBeNull();
  });

  it('traces nothing when the text changed while it compiled', async () => {
    const client = createQueryClient();
    const asking = askFirstTrace(client, '');
    useScenario.getState().setYaml(`${initial.yaml}\n# edited\n`);
    await asking;
    expect(useScenario.getState().goodYaml).toBeNull();
    expect(client.getQueryCache().findAll({ queryKey: ['trace'] })).toEqual([]);
  });
});
