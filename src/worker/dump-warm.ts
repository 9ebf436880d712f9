/**
 * A small made-up kube-proxy node in iptables-save -c form, for warming the dump worker: the
 * parser's hot paths (comment, tcp/udp, statistic, DNAT, MARK, conntrack, counters) run a few
 * thousand times before a real 100,000-rule dump arrives, instead of during its first seconds.
 */
const SERVICES = 120;
const ENDPOINTS = 3;

/** deterministic base-32 chain suffix, the shape kube-proxy hashes to */
function suffix(kind: string, n: number): string {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let x = Math.imul(n + 1, 2654435761) ^ kind.length;
  let s = '';
  for (let i = 0; i < 16; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    s += abc[x >>> 27];
  }
  return s;
}

export function warmUpDumpText(): string {
  const filter: string[] = [
    '*filter',
    ':INPUT ACCEPT [0:0]',
    ':FORWARD DROP [0:0]',
    ':OUTPUT ACCEPT [0:0]',
    ':KUBE-FORWARD - [0:0]',
    '[10:740] -A FORWARD -m comment --comment "kubernetes forwarding rules" -j KUBE-FORWARD',
    '[0:0] -A KUBE-FORWARD -m conntrack --ctstate INVALID -j DROP',
    '[3:222] -A KUBE-FORWARD -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT',
    '[0:0] -A INPUT ! -s 127.0.0.0/8 -d 127.0.0.0/8 -i eth0 -j DROP',
    'COMMIT',
  ];
  const heads: string[] = [
    '*nat',
    ':PREROUTING ACCEPT [0:0]',
    ':OUTPUT ACCEPT [0:0]',
    ':POSTROUTING ACCEPT [0:0]',
    ':KUBE-SERVICES - [0:0]',
    ':KUBE-MARK-MASQ - [0:0]',
    ':KUBE-POSTROUTING - [0:0]',
  ];
  const rules: string[] = [
    '[5:370] -A PREROUTING -m comment --comment "kubernetes service portals" -j KUBE-SERVICES',
    '[0:0] -A POSTROUTING -j KUBE-POSTROUTING',
    '[0:0] -A KUBE-MARK-MASQ -j MARK --set-xmark 0x4000/0x4000',
    '[0:0] -A KUBE-POSTROUTING -m mark ! --mark 0x4000/0x4000 -j RETURN',
    '[0:0] -A KUBE-POSTROUTING -j MASQUERADE --random-fully',
  ];
  for (let s = 0; s < SERVICES; s++) {
    const svc = `KUBE-SVC-${suffix('svc', s)}`;
    const proto = s % 5 === 0 ? 'udp' : 'tcp';
    const name = `ns-${s % 7}/app-${s}:port`;
    const port = 1000 + s;
    heads.push(`:${svc} - [0:0]`);
    rules.push(
      `[${s}:${s * 74}] -A KUBE-SERVICES -d 10.96.${s >> 8}.${s & 255}/32 -p ${proto} -m comment --comment "${name} cluster IP" -m ${proto} --dport ${port} -j ${svc}`,
      `[0:0] -A ${svc} ! -s 10.244.0.0/16 -d 10.96.${s >> 8}.${s & 255}/32 -p ${proto} -m comment --comment "${name} cluster IP" -m ${proto} --dport ${port} -j KUBE-MARK-MASQ`,
    );
    for (let e = 0; e < ENDPOINTS; e++) {
      const sep = `KUBE-SEP-${suffix('sep', s * ENDPOINTS + e)}`;
      const pod = `10.244.${s & 255}.${e + 2}`;
      heads.push(`:${sep} - [0:0]`);
      const left = ENDPOINTS - e;
      rules.push(
        left > 1
          ? `[0:0] -A ${svc} -m comment --comment "${name} -> ${pod}:8080" -m statistic --mode random --probability ${(1 / left).toFixed(11)} -j ${sep}`
          : `[0:0] -A ${svc} -m comment --comment "${name} -> ${pod}:8080" -j ${sep}`,
        `[0:0] -A ${sep} -s ${pod}/32 -m comment --comment "${name}" -j KUBE-MARK-MASQ`,
        `[${e}:${e * 60}] -A ${sep} -p ${proto} -m comment --comment "${name}" -m ${proto} -j DNAT --to-destination ${pod}:8080`,
      );
    }
  }
  return [...filter, ...heads, ...rules, 'COMMIT', ''].join('\n');
}
