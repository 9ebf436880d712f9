/**
 * The simulator benchmark's input (bench-trace.ts, and the side-by-side run in vs.ts): the
 * parser's generated dump plus one Service with 100 endpoints whose KUBE-SERVICES rule comes
 * last (the worst place: every Service rule before it is tried first), the host it runs on and
 * the packet sent to that Service.
 */
export const BIG = 100;
const BIG_IP = '10.95.0.100';

/** Adds a 100-endpoint Service to the dump's nat table: its chains, its KUBE-SERVICES rule last. */
export function withBigService(text: string): string {
  const decl: string[] = [':KUBE-SVC-BENCHBIGSERVICE0 - [0:0]'];
  const rules: string[] = [
    `-A KUBE-SERVICES -d ${BIG_IP}/32 -p tcp -m comment --comment "bench/big:http cluster IP" -m tcp --dport 80 -j KUBE-SVC-BENCHBIGSERVICE0`,
  ];
  for (let i = 0; i < BIG; i++) {
    const sep = `KUBE-SEP-BENCHBIG${String(i).padStart(7, '0')}`;
    const ip = `10.244.${100 + Math.floor(i / 50)}.${(i % 50) + 10}`;
    decl.push(`:${sep} - [0:0]`);
    const p =
      i < BIG - 1
        ? ` -m statistic --mode random --probability ${(Math.round(0x80000000 / (BIG - i)) / 0x80000000).toFixed(11)}`
        : '';
    rules.push(
      `-A KUBE-SVC-BENCHBIGSERVICE0 -m comment --comment "bench/big:http -> ${ip}:8080"${p} -j ${sep}`,
    );
    rules.push(`-A ${sep} -s ${ip}/32 -m comment --comment "bench/big:http" -j KUBE-MARK-MASQ`);
    rules.push(
      `-A ${sep} -p tcp -m comment --comment "bench/big:http" -m tcp -j DNAT --to-destination ${ip}:8080`,
    );
  }
  const nat = text.indexOf('*nat\n');
  const firstRule = text.indexOf('\n-A ', nat) + 1;
  const commit = text.indexOf('\nCOMMIT', nat) + 1;
  return `${text.slice(0, firstRule)}${decl.join('\n')}\n${text.slice(firstRule, commit)}${rules.join('\n')}\n${text.slice(commit)}`;
}

export const HOST = {
  interfaces: [
    { name: 'eth0', addresses: ['10.0.0.10/24'] },
    { name: 'cni0', addresses: ['10.244.1.1/24'] },
  ],
  routes: [{ to: 'default', via: '10.0.0.1', dev: 'eth0' }],
  ipForward: true,
  bridgeNetfilter: true,
};

export const PACKET = {
  in: 'cni0',
  proto: 'tcp',
  src: '10.244.1.9',
  sport: 40000,
  dst: BIG_IP,
  dport: 80,
  tcpFlags: 'SYN',
};
