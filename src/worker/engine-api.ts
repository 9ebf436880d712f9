/**
 * The engine behind the worker boundary: plain functions of plain data. worker.ts exposes this
 * object; tests call it directly, with no worker in between.
 */
import { printList, printS, printSave, type Ruleset } from '../engine/rules/index.ts';
import {
  readPackets,
  sampleOutcomes,
  simulate,
  simulateAllPaths,
  toTraceJson,
  type Host,
  type Packet,
} from '../engine/netfilter/index.ts';
import { compiledCluster } from './cluster-cache.ts';
import { followJourney } from './journey.ts';
import { replyTo } from './reply.ts';
import { parsedDump, resolve } from './sources.ts';
import { dumpApi } from './dump-api.ts';
import { lessonsApi } from './lessons-api.ts';
import { syncApi } from './sync-api.ts';
import type { EngineApi, PacketInput, RuleSource, TraceProblem, TraceRequest } from './protocol.ts';
import { fieldProblem } from './problems.ts';

type Prepared =
  | { ok: true; ruleset: Ruleset; host: Host; packets: Packet[] }
  | { ok: false; problems: TraceProblem[] };

/** A cluster node's packets meet the rules of their own family unless the request names one. */
function familySource(req: TraceRequest): RuleSource {
  const s = req.source;
  if (s.kind !== 'cluster' || s.family !== undefined) return s;
  const ipv6 = req.packets[0]?.dst.includes(':') ?? false;
  return ipv6 ? { ...s, family: 'ipv6' } : s;
}

function prepare(req: TraceRequest): Prepared {
  const src = resolve(familySource(req));
  if (!src.ok) return src;
  const { packets, diagnostics } = readPackets(req.packets);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0)
    return {
      ok: false,
      problems: errors.map((d) => fieldProblem('packet', d)),
    };
  return { ok: true, ruleset: src.ruleset, host: src.host, packets };
}

function seedOf(req: TraceRequest): { seed?: number } {
  return req.seed === undefined ? {} : { seed: req.seed };
}

export const engineApi: EngineApi = {
  ...dumpApi,
  ...lessonsApi,
  ...syncApi,

  compileCluster(yaml) {
    return compiledCluster(yaml).result;
  },

  parseDump(text) {
    return parsedDump(text);
  },

  print(source, format) {
    const src = resolve(source);
    if (!src.ok) return '';
    if (format === 'S') return printS(src.ruleset, { headings: true });
    if (format === 'L') return printList(src.ruleset, { headings: true });
    return printSave(src.ruleset);
  },

  trace(req) {
    const p = prepare(req);
    if (!p.ok) return { result: null, packets: req.packets, problems: p.problems };
    const first = req.packets[0];
    const firstRead = p.packets[0];
    if (!req.withReply || first === undefined || firstRead === undefined)
      return {
        result: simulate(p.ruleset, p.host, p.packets, seedOf(req)),
        packets: req.packets,
        problems: [],
      };
    // where the first packet ends decides where its reply starts
    const alone = simulate(p.ruleset, p.host, [firstRead], { ...seedOf(req), record: 'none' });
    const ended = alone.packets[0]?.result;
    const reply = ended
      ? replyTo(first, ended, p.host)
      : { none: 'the first packet left no result' };
    if ('none' in reply)
      return {
        result: simulate(p.ruleset, p.host, [firstRead], seedOf(req)),
        packets: [first],
        problems: [{ where: 'packet', message: reply.none }],
      };
    const both: PacketInput[] = [first, reply];
    const read = readPackets(both);
    return {
      result: simulate(p.ruleset, p.host, read.packets, seedOf(req)),
      packets: both,
      problems: [],
    };
  },

  allPaths(req) {
    const p = prepare(req);
    if (!p.ok) return { result: null, problems: p.problems };
    return { result: simulateAllPaths(p.ruleset, p.host, p.packets), problems: [] };
  },

  sample(req, runs) {
    const p = prepare(req);
    if (!p.ok) return { runs, outcomes: [], problems: p.problems };
    const outcomes = sampleOutcomes(p.ruleset, p.host, p.packets, { ...seedOf(req), runs });
    return { runs, outcomes, problems: [] };
  },

  traceJson(req) {
    const traced = engineApi.trace(req);
    return traced.result ? toTraceJson(traced.result) : null;
  },

  journey(req) {
    return followJourney(req);
  },
};
