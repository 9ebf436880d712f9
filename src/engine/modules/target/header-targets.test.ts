/**
 * The targets that rewrite a header field or the priority: DSCP, TOS, TTL, ECN, CLASSIFY,
 * CHECKSUM, and HL (ip6tables only). Each: what iptables-save and -L print (iptables 1.8.9,
 * nf_tables, read back from the kernel), and the diagnostics for what iptables or the kernel refuses.
 */
import { describe, expect, it } from 'vitest';
import { explained, listed, printed, problems } from './test-kit.ts';

const MANGLE = `*mangle
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
`;
const dump = (rules: string, head = MANGLE) => `${head}${rules}COMMIT\n`;

/** [as written in mangle, as iptables-save printed it, what -L printed] */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-A PREROUTING -j DSCP --set-dscp 46', '-A PREROUTING -j DSCP --set-dscp 0x2e', 'DSCP set 0x2e'],
  [
    '-A PREROUTING -j DSCP --set-dscp-class af41',
    '-A PREROUTING -j DSCP --set-dscp 0x22',
    'DSCP set 0x22',
  ],
  [
    '-A PREROUTING -j DSCP --set-dscp-class cs1',
    '-A PREROUTING -j DSCP --set-dscp 0x08',
    'DSCP set 0x08',
  ],
  [
    '-A PREROUTING -j TOS --set-tos 0x10',
    '-A PREROUTING -j TOS --set-tos 0x10/0xff',
    'TOS set 0x10/0xff',
  ],
  [
    '-A PREROUTING -j TOS --set-tos Minimize-Delay',
    '-A PREROUTING -j TOS --set-tos 0x10/0x3f',
    'TOS set 0x10/0x3f',
  ],
  [
    '-A PREROUTING -j TOS --set-tos 16/3',
    '-A PREROUTING -j TOS --set-tos 0x10/0x03',
    'TOS set 0x10/0x03',
  ],
  [
    '-A PREROUTING -j TOS --and-tos 0x0f',
    '-A PREROUTING -j TOS --set-tos 0x00/0xf0',
    'TOS set 0x00/0xf0',
  ],
  [
    '-A PREROUTING -j TOS --or-tos 0x04',
    '-A PREROUTING -j TOS --set-tos 0x04/0x04',
    'TOS set 0x04/0x04',
  ],
  [
    '-A PREROUTING -j TOS --xor-tos 0x02',
    '-A PREROUTING -j TOS --set-tos 0x02/0x00',
    'TOS set 0x02/0x00',
  ],
  ['-A PREROUTING -j TTL --ttl-set 5', '-A PREROUTING -j TTL --ttl-set 5', 'TTL set to 5'],
  ['-A PREROUTING -j TTL --ttl-dec 1', '-A PREROUTING -j TTL --ttl-dec 1', 'TTL decrement by 1'],
  ['-A PREROUTING -j TTL --ttl-inc 3', '-A PREROUTING -j TTL --ttl-inc 3', 'TTL increment by 3'],
  ['-A PREROUTING -j TTL --ttl-set 0', '-A PREROUTING -j TTL --ttl-set 0', 'TTL set to 0'],
  [
    '-A PREROUTING -p tcp -j ECN --ecn-tcp-remove',
    '-A PREROUTING -p tcp -j ECN --ecn-tcp-remove',
    'ECN TCP remove',
  ],
  [
    '-A PREROUTING -p tcp -j ECN --ecn-tcp-ece 1',
    '-A PREROUTING -p tcp -j ECN --ecn-tcp-ece 1',
    'ECN ECE=1',
  ],
  [
    '-A PREROUTING -j ECN --ecn-ip-ect 1',
    '-A PREROUTING -j ECN --ecn-ip-ect 1',
    'ECN ECT codepoint=1',
  ],
  [
    '-A PREROUTING -p tcp -j ECN --ecn-tcp-cwr 1 --ecn-ip-ect 2',
    '-A PREROUTING -p tcp -j ECN --ecn-tcp-cwr 1 --ecn-ip-ect 2',
    'ECN CWR=1 ECT codepoint=2',
  ],
  [
    '-A PREROUTING -p tcp -j ECN --ecn-tcp-cwr 0 --ecn-tcp-ece 0',
    '-A PREROUTING -p tcp -j ECN --ecn-tcp-remove',
    'ECN TCP remove',
  ],
  [
    '-A PREROUTING -p tcp -j ECN --ecn-tcp-remove --ecn-ip-ect 1',
    '-A PREROUTING -p tcp -j ECN --ecn-tcp-ece 0 --ecn-tcp-cwr 0 --ecn-ip-ect 1',
    'ECN ECE=0 CWR=0 ECT codepoint=1',
  ],
  [
    '-A POSTROUTING -j CLASSIFY --set-class 1:10',
    '-A POSTROUTING -j CLASSIFY --set-class 0001:0010',
    'CLASSIFY set 1:10',
  ],
  [
    '-A POSTROUTING -j CLASSIFY --set-class ffff:ffff',
    '-A POSTROUTING -j CLASSIFY --set-class ffff:ffff',
    'CLASSIFY set ffff:ffff',
  ],
  [
    '-A POSTROUTING -p udp -j CHECKSUM --checksum-fill',
    '-A POSTROUTING -p udp -j CHECKSUM --checksum-fill',
    'CHECKSUM fill',
  ],
];

describe('DSCP, TOS, TTL, ECN, CLASSIFY and CHECKSUM', () => {
  it.each(ORACLE)('%s', (written, saved, list) => {
    expect(problems(dump(`${written}\n`))).toEqual([]);
    expect(printed(dump(`${written}\n`))).toBe(dump(`${saved}\n`));
    expect(printed(dump(`${saved}\n`))).toBe(dump(`${saved}\n`));
    expect(listed(dump(`${written}\n`))).toEqual([list]);
  });
});

describe('where the kernel allows them', () => {
  it('refuses each outside the mangle table', () => {
    const filter = '*filter\n:INPUT ACCEPT [0:0]\n';
    for (const t of [
      'DSCP --set-dscp 1',
      'TOS --set-tos 1',
      'TTL --ttl-set 1',
      'ECN --ecn-ip-ect 1',
      'CHECKSUM --checksum-fill',
    ])
      expect(problems(dump(`-A INPUT -j ${t}\n`, filter)), t).toEqual([
        { code: 'target-not-allowed', severity: 'error', line: 3, column: 10 },
      ]);
  });

  it('CLASSIFY only in OUTPUT, FORWARD and POSTROUTING', () => {
    expect(problems(dump('-A PREROUTING -j CLASSIFY --set-class 1:1\n'))).toEqual([
      { code: 'target-not-allowed', severity: 'error', line: 7, column: 15 },
    ]);
    expect(problems(dump('-A FORWARD -j CLASSIFY --set-class 1:1\n'))).toEqual([]);
  });

  it('ECN changes TCP flags only in a -p tcp rule', () => {
    expect(problems(dump('-A PREROUTING -j ECN --ecn-tcp-remove\n'))).toEqual([
      { code: 'target-not-allowed', severity: 'error', line: 7, column: 15 },
    ]);
  });

  it('HL is ip6tables-only, TTL iptables-only', () => {
    expect(problems(dump('-A PREROUTING -j HL --hl-set 1\n'))).toEqual([
      { code: 'target-not-allowed', severity: 'error', line: 7, column: 15 },
    ]);
    expect(printed(dump('-A PREROUTING -j HL --hl-dec 2\n'), 'ipv6')).toBe(
      dump('-A PREROUTING -j HL --hl-dec 2\n'),
    );
    expect(problems(dump('-A PREROUTING -j HL --hl-dec 2\n'), 'ipv6')).toEqual([]);
    expect(problems(dump('-A PREROUTING -j TTL --ttl-set 1\n'), 'ipv6')).toEqual([
      { code: 'target-not-allowed', severity: 'error', line: 7, column: 15 },
    ]);
  });
});

describe('values iptables refuses', () => {
  const bad = (rule: string) => problems(dump(`-A PREROUTING ${rule}\n`)).map((p) => p.code);
  it.each([
    ['-j DSCP --set-dscp 64', ['bad-value']],
    ['-j DSCP --set-dscp-class xx', ['bad-value']],
    ['-j DSCP --set-dscp 1 --set-dscp-class ef', ['syntax']],
    ['-j DSCP', ['missing-argument']],
    ['-j TOS --set-tos 0x100', ['bad-value']],
    ['-j TOS --set-tos 0x10/0x100', ['bad-value']],
    ['-j TOS --and-tos Minimize-Delay', ['bad-value']],
    ['-j TTL --ttl-dec 0', ['bad-value']],
    ['-j TTL --ttl-inc 0', ['bad-value']],
    ['-j TTL --ttl-set 256', ['bad-value']],
    ['-j TTL --ttl-set 5 --ttl-dec 1', ['syntax']],
    ['-j ECN --ecn-ip-ect 4', ['bad-value']],
    ['-p tcp -j ECN --ecn-tcp-ece 2', ['bad-value']],
  ] as const)('%s', (rule, codes) => {
    expect(bad(rule)).toEqual(codes);
  });
});

describe('explanations', () => {
  it('say what each does in English and Korean', () => {
    const text = dump(
      '-A PREROUTING -j TTL --ttl-dec 2\n-A PREROUTING -j DSCP --set-dscp-class EF\n',
    );
    expect(explained(text, 'en')).toEqual([
      'lowers the TTL by 2 (not below 0)',
      "sets the IP header's DSCP to 0x2e (the ECN bits stay)",
    ]);
    expect(explained(text, 'ko')).toEqual([
      'TTL을 2만큼 줄임 (0 아래로는 안 내려감)',
      'IP 헤더의 DSCP를 0x2e(으)로 바꿈 (ECN 비트는 그대로)',
    ]);
  });
});
