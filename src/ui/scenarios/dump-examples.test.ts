/**
 * The Docker example opens as a valid dump-mode document: the compiled rules with the admin's
 * INPUT rule, the compiled host, and a packet that is DNATed and forwarded to the container
 * without ever meeting INPUT.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { readHost, readPackets, simulate } from '../../engine/netfilter/index.ts';
import { parseRuleset } from '../../engine/rules/index.ts';
import { validateScenario } from '../../engine/scenario/validate.ts';
import { dumpScenarios } from '../../engine/scenarios/index.ts';
import { useShareStore } from '../share/share-store.ts';
import { applySnapshot, exampleDoc } from '../share/snapshot.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { dumpExampleDoc } from './example-doc.ts';
import { openDumpExample } from './open-example.ts';

describe.each(dumpScenarios.map((s) => [s.id, s] as const))('dump example %s', (_, s) => {
  beforeEach(() => {
    applySnapshot(exampleDoc());
    useShareStore.setState({ asking: null, notice: null, pendingStep: null });
  });

  it('is a valid document whose dump parses and holds the INPUT rule', () => {
    const doc = dumpExampleDoc(s);
    expect(validateScenario(JSON.parse(JSON.stringify(doc)))).toEqual({ ok: true, doc });
    expect(doc.dump).toContain(`\n${s.inputRule}\n`);
    const parsed = parseRuleset(doc.dump!, { format: 'save', family: 'ipv4' });
    expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('sends its packet past INPUT: DNAT in PREROUTING, then FORWARD to the container', () => {
    const doc = dumpExampleDoc(s);
    const ruleset = parseRuleset(doc.dump!, { format: 'save', family: 'ipv4' }).ruleset;
    const host = readHost(doc.dumpHost);
    const f = s.packet;
    if (f.source.kind !== 'address' || f.destination.kind !== 'address') throw new Error('shape');
    const { packets } = readPackets({
      in: f.entryInterface,
      proto: f.proto,
      src: f.source.address,
      dst: f.destination.address,
      sport: f.sport,
      dport: f.dport,
    });
    const t = simulate(ruleset, host.host, packets).packets[0]!;
    const hooks = t.steps.filter((x) => x.kind === 'hook-enter').map((x) => x.hook);
    expect(hooks).toEqual(['PREROUTING', 'FORWARD', 'POSTROUTING']);
    expect(t.result).toMatchObject({ verdict: 'ACCEPT', fate: 'forward' });
    expect(t.result.packet).toMatchObject({ dst: '172.17.0.2', dport: 80 });
  });

  it('opens in the dump workspace with its packet sent', () => {
    useScenario.setState({ dump: '*filter\nCOMMIT\n' });
    openDumpExample(s);
    const now = useScenario.getState();
    expect(now.mode).toBe('dump');
    expect(now.dump).toBe(dumpExampleDoc(s).dump);
    expect(now.sent?.form).toEqual(s.packet);
  });
});
