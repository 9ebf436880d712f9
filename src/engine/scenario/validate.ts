/**
 * Checks an untrusted JSON value (a link, a file, what autosave left in storage) field by field
 * and builds a fresh ScenarioDoc from what it read, so nothing the schema does not name (a
 * `__proto__`, a stray field) survives into the app. The first problem found is reported with
 * its path; nothing here throws.
 */
import {
  LIMITS,
  SCENARIO_VERSION,
  type Decoded,
  type Expected,
  type PacketDestination,
  type PacketForm,
  type PacketSource,
  type ScenarioDoc,
  type SentPacket,
  type ViewDoc,
} from './doc.ts';

class Invalid {
  constructor(
    readonly path: string,
    readonly expected: Expected,
  ) {}
}

type Obj = Record<string, unknown>;

const NAME_MAX = 253;
const ADDRESS_MAX = 64;

function own(o: Obj, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

function object(v: unknown, path: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new Invalid(path, { kind: 'object' });
  return v as Obj;
}

function str(o: Obj, key: string, path: string, max = NAME_MAX): string {
  const v = own(o, key);
  if (typeof v !== 'string' || v.length > max)
    throw new Invalid(`${path}${key}`, { kind: 'string', max });
  return v;
}

function int(o: Obj, key: string, path: string, min: number, max: number): number {
  const v = own(o, key);
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw new Invalid(`${path}${key}`, { kind: 'int', min, max });
  return v;
}

function bool(o: Obj, key: string, path: string): boolean {
  const v = own(o, key);
  if (typeof v !== 'boolean') throw new Invalid(`${path}${key}`, { kind: 'boolean' });
  return v;
}

function oneOf<T extends string>(o: Obj, key: string, path: string, values: readonly T[]): T {
  const v = own(o, key);
  if (typeof v !== 'string' || !(values as readonly string[]).includes(v))
    throw new Invalid(`${path}${key}`, { kind: 'one-of', values });
  return v as T;
}

const PORT = [0, 65535] as const;

function source(v: unknown, path: string): PacketSource {
  const o = object(v, path);
  const p = `${path}.`;
  const kind = oneOf(o, 'kind', p, ['pod', 'node', 'client', 'address'] as const);
  switch (kind) {
    case 'pod':
      return { kind, namespace: str(o, 'namespace', p), name: str(o, 'name', p) };
    case 'node':
    case 'client':
      return { kind, name: str(o, 'name', p) };
    case 'address':
      return { kind, address: str(o, 'address', p, ADDRESS_MAX) };
  }
}

function destination(v: unknown, path: string): PacketDestination {
  const o = object(v, path);
  const p = `${path}.`;
  const kind = oneOf(o, 'kind', p, ['service', 'nodeport', 'pod', 'address'] as const);
  switch (kind) {
    case 'service':
      return {
        kind,
        namespace: str(o, 'namespace', p),
        name: str(o, 'name', p),
        port: int(o, 'port', p, ...PORT),
        ...family(o, p),
      };
    case 'nodeport':
      return {
        kind,
        namespace: str(o, 'namespace', p),
        name: str(o, 'name', p),
        nodePort: int(o, 'nodePort', p, ...PORT),
        node: str(o, 'node', p),
        ...family(o, p),
      };
    case 'pod':
      return { kind, namespace: str(o, 'namespace', p), name: str(o, 'name', p), ...family(o, p) };
    case 'address':
      return { kind, address: str(o, 'address', p, ADDRESS_MAX) };
  }
}

/** A destination's family, written only for IPv6: links made before it read as IPv4. */
function family(o: Obj, path: string): { family?: 'ipv6' } {
  if (own(o, 'family') === undefined) return {};
  return { family: oneOf(o, 'family', path, ['ipv6'] as const) };
}

function form(v: unknown, path: string): PacketForm {
  const o = object(v, path);
  const p = `${path}.`;
  return {
    source: source(own(o, 'source'), `${p}source`),
    destination: destination(own(o, 'destination'), `${p}destination`),
    proto: oneOf(o, 'proto', p, ['tcp', 'udp', 'icmp', 'sctp'] as const),
    sport: int(o, 'sport', p, ...PORT),
    dport: int(o, 'dport', p, ...PORT),
    tcpFlags: str(o, 'tcpFlags', p, 64),
    entryNode: str(o, 'entryNode', p),
    entryInterface: str(o, 'entryInterface', p, 64),
    ...(own(o, 'srcMac') === undefined ? {} : { srcMac: str(o, 'srcMac', p, 64) }),
  };
}

function sent(v: unknown, path: string): SentPacket | null {
  if (v === null) return null;
  const o = object(v, path);
  const p = `${path}.`;
  return {
    form: form(own(o, 'form'), `${p}form`),
    withReply: bool(o, 'withReply', p),
    seed: int(o, 'seed', p, 1, 0x7fffffff),
    ...(own(o, 'twice') === undefined ? {} : { twice: bool(o, 'twice', p) }),
  };
}

function view(v: unknown, path: string): ViewDoc {
  const o = object(v, path);
  const p = `${path}.`;
  const chain = own(o, 'selectedChain');
  return {
    table: str(o, 'table', p, 64),
    selectedChain: chain === null ? null : str(o, 'selectedChain', p, 128),
    rulesView: oneOf(o, 'rulesView', p, ['table', 'text'] as const),
    rulesFormat: oneOf(o, 'rulesFormat', p, ['save', 'S', 'L'] as const),
  };
}

/**
 * The host document is checked for shape in the worker (it reports its own diagnostics); here
 * it only has to be bounded plain JSON, copied so no prototype tricks ride along.
 */
function plainJson(v: unknown, path: string): unknown {
  const expected: Expected = {
    kind: 'json',
    depth: LIMITS.MAX_HOST_DEPTH,
    values: LIMITS.MAX_HOST_VALUES,
  };
  let count = 0;
  const copy = (x: unknown, depth: number): unknown => {
    if (++count > LIMITS.MAX_HOST_VALUES || depth > LIMITS.MAX_HOST_DEPTH)
      throw new Invalid(path, expected);
    if (x === null || typeof x === 'boolean' || typeof x === 'string') return x;
    if (typeof x === 'number') {
      if (!Number.isFinite(x)) throw new Invalid(path, expected);
      return x;
    }
    if (Array.isArray(x)) return x.map((y) => copy(y, depth + 1));
    if (typeof x === 'object') {
      const out: Obj = {};
      for (const [k, y] of Object.entries(x as Obj))
        Object.defineProperty(out, k, {
          value: copy(y, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return out;
    }
    throw new Invalid(path, expected);
  };
  return copy(v, 0);
}

function text(o: Obj, key: 'yaml' | 'dump'): string | undefined {
  if (own(o, key) === undefined) return undefined;
  return str(o, key, '', LIMITS.MAX_TEXT);
}

function read(value: unknown): Decoded {
  const o = object(value, '(document)');
  const version = own(o, 'version');
  if (version === undefined) return { ok: false, error: { code: 'no-version' } };
  if (typeof version === 'number' && Number.isInteger(version) && version > SCENARIO_VERSION)
    return { ok: false, error: { code: 'future-version', version } };
  int(o, 'version', '', 1, SCENARIO_VERSION);
  const mode = oneOf(o, 'mode', '', ['cluster', 'dump'] as const);
  const yaml = text(o, 'yaml');
  const dump = text(o, 'dump');
  // a cluster scenario must bring its YAML; a dump scenario may leave its dump out (a node's
  // rules can be private), and then applies its packet and host to the reader's own dump
  if (mode === 'cluster' && yaml === undefined) throw new Invalid('yaml', { kind: 'present' });
  const host = own(o, 'dumpHost');
  const doc: ScenarioDoc = {
    version: SCENARIO_VERSION,
    mode,
    dumpHost: host === undefined || host === null ? null : plainJson(host, 'dumpHost'),
    node: str(o, 'node', ''),
    form: form(own(o, 'form'), 'form'),
    sent: sent(own(o, 'sent') ?? null, 'sent'),
    packetIndex: int(o, 'packetIndex', '', 0, 1),
    step: int(o, 'step', '', -1, 10_000_000),
    view: view(own(o, 'view'), 'view'),
  };
  if (yaml !== undefined) doc.yaml = yaml;
  if (dump !== undefined) doc.dump = dump;
  if (own(o, 'lang') !== undefined) doc.lang = oneOf(o, 'lang', '', ['en', 'ko'] as const);
  if (own(o, 'theme') !== undefined) doc.theme = oneOf(o, 'theme', '', ['light', 'dark'] as const);
  return { ok: true, doc };
}

/** The scenario in `value`, or the first thing wrong with it. */
export function validateScenario(value: unknown): Decoded {
  try {
    return read(value);
  } catch (e) {
    if (e instanceof Invalid)
      return { ok: false, error: { code: 'schema', path: e.path, expected: e.expected } };
    // a RangeError from something pathological: still an answer, not a crash
    return { ok: false, error: { code: 'not-json' } };
  }
}
