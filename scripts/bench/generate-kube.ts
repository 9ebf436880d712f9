/**
 * Generates the iptables-save dump of a big kube-proxy (iptables mode) node, for the benchmark:
 * thousands of Services, each with a KUBE-SVC chain that spreads connections over its endpoints
 * with `-m statistic` and one KUBE-SEP chain per endpoint (mark for masquerade, DNAT), some with
 * NodePorts (KUBE-EXT chains), some without endpoints (REJECT in the filter table). The text has
 * the shape and the order iptables-nft-save prints, so iptables-restore loads it.
 *
 * Deterministic: the same seed gives the same bytes (a small PRNG, never Math.random).
 *   npx tsx scripts/bench/generate-kube.ts [--rules N] [--seed S] > kube.rules
 */
import { createHash } from 'node:crypto';

export interface KubeDumpOptions {
  /** about how many -A rules to write (the dump stops adding Services past this) */
  rules?: number;
  seed?: number;
}

export interface KubeDump {
  text: string;
  rules: number;
  services: number;
  endpoints: number;
}

/** mulberry32: a tiny seeded PRNG, good enough to vary names and counts reproducibly. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** kube-proxy's chain suffix: the first 16 base32 characters of a SHA-256. */
function chainHash(text: string): string {
  const bytes = createHash('sha256').update(text).digest();
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = ((value << 8) | b) & 0xffff;
    bits += 8;
    while (bits >= 5 && out.length < 16) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (out.length >= 16) break;
  }
  return out;
}

/** The probability kube-proxy writes for endpoint i of n, as iptables-save prints it. */
function probability(i: number, n: number): string {
  const threshold = Math.round(0x80000000 / (n - i));
  return (threshold / 0x80000000).toFixed(11);
}

const NAMESPACES = [
  'default',
  'shop',
  'payments',
  'search',
  'media',
  'auth',
  'ingest',
  'ml',
  'ops',
  'web',
];
const WORDS = [
  'api',
  'cart',
  'cache',
  'db',
  'feed',
  'gateway',
  'index',
  'queue',
  'render',
  'store',
  'worker',
  'users',
];
const PORTS: readonly [string, 'tcp' | 'udp', number, number][] = [
  ['http', 'tcp', 80, 8080],
  ['https', 'tcp', 443, 8443],
  ['grpc', 'tcp', 9090, 9090],
  ['metrics', 'tcp', 9100, 9100],
  ['dns', 'udp', 53, 5353],
];

export function generateKubeDump(opts: KubeDumpOptions = {}): KubeDump {
  const target = opts.rules ?? 100_000;
  const rand = prng(opts.seed ?? 20240611);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

  const natChains: string[] = [];
  const natRules: string[][] = [];
  const services: string[] = [];
  const nodePorts: string[] = [];
  const filterRules: string[] = [];
  let rules = 0;
  let endpoints = 0;
  let n = 0;

  while (rules < target) {
    n++;
    const ns = pick(NAMESPACES);
    const name = `${pick(WORDS)}-${n}`;
    const [portName, proto, port, targetPort] = pick(PORTS);
    const svcPort = `${ns}/${name}:${portName}`;
    const clusterIP = `10.${96 + ((n >> 16) & 15)}.${(n >> 8) & 255}.${n & 255}`;
    const m = `-m ${proto}`;
    const roll = rand();
    const count =
      roll < 0.05
        ? 0
        : roll < 0.35
          ? 1
          : roll < 0.65
            ? 2
            : roll < 0.85
              ? 3
              : 4 + Math.floor(rand() * 9);

    if (count === 0) {
      // a Service without endpoints: the filter table rejects it
      filterRules.push(
        `-A KUBE-SERVICES -d ${clusterIP}/32 -p ${proto} -m comment --comment "${svcPort} has no endpoints" ${m} --dport ${port} -j REJECT --reject-with icmp-port-unreachable`,
      );
      rules++;
      continue;
    }

    const hash = chainHash(svcPort + proto);
    const svc = `KUBE-SVC-${hash}`;
    const own: string[] = [];
    natChains.push(svc);
    services.push(
      `-A KUBE-SERVICES -d ${clusterIP}/32 -p ${proto} -m comment --comment "${svcPort} cluster IP" ${m} --dport ${port} -j ${svc}`,
    );
    own.push(
      `-A ${svc} ! -s 10.244.0.0/16 -d ${clusterIP}/32 -p ${proto} -m comment --comment "${svcPort} cluster IP" ${m} --dport ${port} -j KUBE-MARK-MASQ`,
    );
    rules += 2;

    if (rand() < 0.2) {
      const ext = `KUBE-EXT-${hash}`;
      const nodePort = 30000 + (n % 2768);
      natChains.push(ext);
      nodePorts.push(
        `-A KUBE-NODEPORTS -p ${proto} -m comment --comment "${svcPort}" ${m} --dport ${nodePort} -j ${ext}`,
      );
      natRules.push([
        `-A ${ext} -m comment --comment "masquerade traffic for ${svcPort} external destinations" -j KUBE-MARK-MASQ`,
        `-A ${ext} -j ${svc}`,
      ]);
      rules += 3;
    }

    const subnet = Math.floor(rand() * 250);
    const host = 1 + Math.floor(rand() * 250);
    for (let i = 0; i < count; i++) {
      // one pod per node subnet, so a Service never lists the same endpoint twice
      const ip = `10.244.${(subnet + i) % 250}.${host}`;
      const ep = `${ip}:${targetPort}`;
      const sep = `KUBE-SEP-${chainHash(svcPort + proto + ep)}`;
      natChains.push(sep);
      const stat =
        i < count - 1 ? ` -m statistic --mode random --probability ${probability(i, count)}` : '';
      own.push(`-A ${svc} -m comment --comment "${svcPort} -> ${ep}"${stat} -j ${sep}`);
      natRules.push([
        `-A ${sep} -s ${ip}/32 -m comment --comment "${svcPort}" -j KUBE-MARK-MASQ`,
        `-A ${sep} -p ${proto} -m comment --comment "${svcPort}" ${m} -j DNAT --to-destination ${ep}`,
      ]);
      rules += 3;
      endpoints++;
    }
    natRules.push(own);
  }

  // iptables-save order: built-in chains, then user chains sorted, each chain's rules together
  const byChain = new Map<string, string[]>();
  for (const group of natRules) {
    for (const r of group) {
      const chain = r.slice(3, r.indexOf(' ', 3));
      let list = byChain.get(chain);
      if (!list) byChain.set(chain, (list = []));
      list.push(r);
    }
  }
  const fixedNat = ['KUBE-MARK-MASQ', 'KUBE-NODEPORTS', 'KUBE-POSTROUTING', 'KUBE-SERVICES'];
  const userNat = [...new Set([...fixedNat, ...natChains])].sort();
  byChain.set('KUBE-MARK-MASQ', ['-A KUBE-MARK-MASQ -j MARK --set-xmark 0x4000/0x4000']);
  byChain.set('KUBE-NODEPORTS', nodePorts);
  byChain.set('KUBE-POSTROUTING', [
    '-A KUBE-POSTROUTING -m mark ! --mark 0x4000/0x4000 -j RETURN',
    '-A KUBE-POSTROUTING -j MARK --set-xmark 0x4000/0x0',
    '-A KUBE-POSTROUTING -m comment --comment "kubernetes service traffic requiring SNAT" -j MASQUERADE --random-fully',
  ]);
  byChain.set('KUBE-SERVICES', [
    ...services,
    '-A KUBE-SERVICES -m comment --comment "kubernetes service nodeports; NOTE: this must be the last rule in this chain" -m addrtype --dst-type LOCAL -j KUBE-NODEPORTS',
  ]);

  const out: string[] = [
    '# Generated by iptables-save v1.8.9 (nf_tables) on a synthetic kube-proxy node (scripts/bench/generate-kube.ts)',
    '*filter',
    ':INPUT ACCEPT [0:0]',
    ':FORWARD ACCEPT [0:0]',
    ':OUTPUT ACCEPT [0:0]',
    ':KUBE-FIREWALL - [0:0]',
    ':KUBE-FORWARD - [0:0]',
    ':KUBE-SERVICES - [0:0]',
    '-A INPUT -j KUBE-FIREWALL',
    '-A FORWARD -m comment --comment "kubernetes forwarding rules" -j KUBE-FORWARD',
    '-A FORWARD -m conntrack --ctstate NEW -m comment --comment "kubernetes service portals" -j KUBE-SERVICES',
    '-A OUTPUT -m conntrack --ctstate NEW -m comment --comment "kubernetes service portals" -j KUBE-SERVICES',
    '-A OUTPUT -j KUBE-FIREWALL',
    '-A KUBE-FIREWALL ! -s 127.0.0.0/8 -d 127.0.0.0/8 -m comment --comment "block incoming localnet connections" -m conntrack ! --ctstate RELATED,ESTABLISHED,DNAT -j DROP',
    '-A KUBE-FORWARD -m conntrack --ctstate INVALID -j DROP',
    '-A KUBE-FORWARD -m comment --comment "kubernetes forwarding rules" -m mark --mark 0x4000/0x4000 -j ACCEPT',
    '-A KUBE-FORWARD -m comment --comment "kubernetes forwarding conntrack rule" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT',
    ...filterRules,
    'COMMIT',
    '*nat',
    ':PREROUTING ACCEPT [0:0]',
    ':INPUT ACCEPT [0:0]',
    ':OUTPUT ACCEPT [0:0]',
    ':POSTROUTING ACCEPT [0:0]',
    ...userNat.map((c) => `:${c} - [0:0]`),
    '-A PREROUTING -m comment --comment "kubernetes service portals" -j KUBE-SERVICES',
    '-A OUTPUT -m comment --comment "kubernetes service portals" -j KUBE-SERVICES',
    '-A POSTROUTING -m comment --comment "kubernetes postrouting rules" -j KUBE-POSTROUTING',
  ];
  for (const c of userNat) for (const r of byChain.get(c) ?? []) out.push(r);
  out.push('COMMIT', '');
  const total = out.reduce((k, line) => k + (line.startsWith('-A ') ? 1 : 0), 0);
  return { text: out.join('\n'), rules: total, services: n, endpoints };
}

function main(): void {
  const args = process.argv.slice(2);
  const num = (flag: string): number | undefined => {
    const i = args.indexOf(flag);
    return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : undefined;
  };
  const rules = num('--rules');
  const seed = num('--seed');
  const dump = generateKubeDump({
    ...(rules !== undefined ? { rules } : {}),
    ...(seed !== undefined ? { seed } : {}),
  });
  process.stdout.write(dump.text);
}

// run as a script (tsx), not when bundled into the benchmark
if (process.argv[1]?.endsWith('generate-kube.ts')) main();
