import type { DiagnosticCode } from '../../rules/index.ts';
import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one, respelledIn } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9; nf_tables and legacy print the same). Note the
 * fixed option order, the state order, protocol numbers, and tuple addresses left unmasked.
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  [
    '-m conntrack --ctstate RELATED,ESTABLISHED',
    '-m conntrack --ctstate RELATED,ESTABLISHED',
    'ctstate RELATED,ESTABLISHED',
  ],
  ['-m conntrack --ctstate INVALID', '-m conntrack --ctstate INVALID', 'ctstate INVALID'],
  ['-m conntrack ! --ctstate NEW', '-m conntrack ! --ctstate NEW', '! ctstate NEW'],
  [
    '-m conntrack --ctstate UNTRACKED,SNAT,DNAT,NEW,INVALID,RELATED,ESTABLISHED',
    '-m conntrack --ctstate INVALID,NEW,RELATED,ESTABLISHED,UNTRACKED,SNAT,DNAT',
    'ctstate INVALID,NEW,RELATED,ESTABLISHED,UNTRACKED,SNAT,DNAT',
  ],
  ['-m conntrack --ctstate dnat', '-m conntrack --ctstate DNAT', 'ctstate DNAT'],
  ['-m conntrack --ctstatus NONE', '-m conntrack --ctstatus NONE', 'ctstatus NONE'],
  [
    '-m conntrack --ctstatus EXPECTED,SEEN_REPLY,ASSURED,CONFIRMED',
    '-m conntrack --ctstatus EXPECTED,SEEN_REPLY,ASSURED,CONFIRMED',
    'ctstatus EXPECTED,SEEN_REPLY,ASSURED,CONFIRMED',
  ],
  ['-m conntrack ! --ctstatus ASSURED', '-m conntrack ! --ctstatus ASSURED', '! ctstatus ASSURED'],
  ['-m conntrack --ctproto tcp', '-m conntrack --ctproto 6', 'ctproto 6'],
  ['-m conntrack ! --ctproto 17', '-m conntrack ! --ctproto 17', '! ctproto 17'],
  [
    '-m conntrack --ctorigsrc 10.0.0.1 --ctorigdst 10.0.0.0/8 --ctreplsrc 192.168.1.0/255.255.255.0 --ctrepldst 1.2.3.4/32',
    '-m conntrack --ctorigsrc 10.0.0.1 --ctorigdst 10.0.0.0/8 --ctreplsrc 192.168.1.0/24 --ctrepldst 1.2.3.4',
    'ctorigsrc 10.0.0.1 ctorigdst 10.0.0.0/8 ctreplsrc 192.168.1.0/24 ctrepldst 1.2.3.4',
  ],
  [
    '-m conntrack ! --ctorigsrc 10.0.0.1 ! --ctorigdst 10.0.0.0/8 ! --ctreplsrc 192.168.1.0/24 ! --ctrepldst 1.2.3.4',
    '-m conntrack ! --ctorigsrc 10.0.0.1 ! --ctorigdst 10.0.0.0/8 ! --ctreplsrc 192.168.1.0/24 ! --ctrepldst 1.2.3.4',
    '! ctorigsrc 10.0.0.1 ! ctorigdst 10.0.0.0/8 ! ctreplsrc 192.168.1.0/24 ! ctrepldst 1.2.3.4',
  ],
  [
    '-m conntrack --ctproto tcp --ctorigsrcport 80 --ctorigdstport 1000:2000 --ctreplsrcport 443 --ctrepldstport 0:65535',
    '-m conntrack --ctproto 6 --ctorigsrcport 80 --ctorigdstport 1000:2000 --ctreplsrcport 443 --ctrepldstport 0:65535',
    'ctproto 6 ctorigsrcport 80 ctorigdstport 1000:2000 ctreplsrcport 443 ctrepldstport 0:65535',
  ],
  [
    '-m conntrack --ctproto tcp ! --ctorigsrcport 80 ! --ctorigdstport 1000:2000 ! --ctreplsrcport 443 ! --ctrepldstport 5',
    '-m conntrack --ctproto 6 ! --ctorigsrcport 80 ! --ctorigdstport 1000:2000 ! --ctreplsrcport 443 ! --ctrepldstport 5',
    'ctproto 6 ! ctorigsrcport 80 ! ctorigdstport 1000:2000 ! ctreplsrcport 443 ! ctrepldstport 5',
  ],
  ['-m conntrack --ctdir ORIGINAL', '-m conntrack --ctdir ORIGINAL', 'ctdir ORIGINAL'],
  ['-m conntrack --ctdir REPLY', '-m conntrack --ctdir REPLY', 'ctdir REPLY'],
  ['-m conntrack --ctexpire 10:20', '-m conntrack --ctexpire 10:20', 'ctexpire 10:20'],
  ['-m conntrack ! --ctexpire 5', '-m conntrack ! --ctexpire 5', '! ctexpire 5'],
  [
    '-m conntrack --ctdir REPLY --ctexpire 1 --ctrepldstport 9 --ctreplsrcport 8 --ctorigdstport 7 --ctorigsrcport 6 --ctrepldst 4.4.4.4 --ctreplsrc 3.3.3.3 --ctorigdst 2.2.2.2 --ctorigsrc 1.1.1.1 --ctproto udp --ctstatus ASSURED --ctstate NEW',
    '-m conntrack --ctstate NEW --ctproto 17 --ctorigsrc 1.1.1.1 --ctorigdst 2.2.2.2 --ctreplsrc 3.3.3.3 --ctrepldst 4.4.4.4 --ctorigsrcport 6 --ctorigdstport 7 --ctreplsrcport 8 --ctrepldstport 9 --ctstatus ASSURED --ctexpire 1 --ctdir REPLY',
    'ctstate NEW ctproto 17 ctorigsrc 1.1.1.1 ctorigdst 2.2.2.2 ctreplsrc 3.3.3.3 ctrepldst 4.4.4.4 ctorigsrcport 6 ctorigdstport 7 ctreplsrcport 8 ctrepldstport 9 ctstatus ASSURED ctexpire 1 ctdir REPLY',
  ],
  [
    '-m conntrack --ctstate NEW -m conntrack --ctstate ESTABLISHED',
    '-m conntrack --ctstate NEW -m conntrack --ctstate ESTABLISHED',
    'ctstate NEW ctstate ESTABLISHED',
  ],
  ['-m conntrack --ctorigsrcport 80', '-m conntrack --ctorigsrcport 80', 'ctorigsrcport 80'],
  [
    '-m conntrack --ctorigdst 10.1.2.3/16',
    '-m conntrack --ctorigdst 10.1.2.3/16',
    'ctorigdst 10.1.2.3/16',
  ],
  [
    '-m conntrack --ctorigsrcport 2000:1000',
    '-m conntrack --ctorigsrcport 2000:1000',
    'ctorigsrcport 2000:1000',
  ],
  [
    '-m conntrack --ctorigsrcport 1000:',
    '-m conntrack --ctorigsrcport 1000:65535',
    'ctorigsrcport 1000:65535',
  ],
  [
    '-m conntrack --ctorigdstport :1000',
    '-m conntrack --ctorigdstport 0:1000',
    'ctorigdstport 0:1000',
  ],
  ['-m conntrack --ctreplsrcport http', '-m conntrack --ctreplsrcport 80', 'ctreplsrcport 80'],
  ['-m conntrack --ctexpire 20:10', '-m conntrack --ctexpire 20:10', 'ctexpire 20:10'],
  ['-m conntrack --ctexpire 010', '-m conntrack --ctexpire 8', 'ctexpire 8'],
  ['-m conntrack --ctdir reply', '-m conntrack --ctdir REPLY', 'ctdir REPLY'],
  ['-m conntrack --ctstatus assured,none', '-m conntrack --ctstatus ASSURED', 'ctstatus ASSURED'],
  ['-m conntrack --ctproto all', '-m conntrack --ctproto 0', 'ctproto 0'],
  ['-m conntrack --ctproto icmp', '-m conntrack --ctproto 1', 'ctproto 1'],
  [
    '-m conntrack --ctorigsrc 10.0.0.1/0',
    '-m conntrack --ctorigsrc 10.0.0.1/0',
    'ctorigsrc 10.0.0.1/0',
  ],
  [
    '-m conntrack --ctstate related,established',
    '-m conntrack --ctstate RELATED,ESTABLISHED',
    'ctstate RELATED,ESTABLISHED',
  ],
];

describe('-m conntrack', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    expect(r.diagnostics).toEqual(respelledIn(written));
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved).saved).toBe(saved);
  });

  it('keeps plain data', () => {
    expect(
      one('-m conntrack ! --ctstate NEW,DNAT --ctorigdst 10.96.0.10/32 --ctdir ORIGINAL').rule
        ?.matches[0]?.data,
    ).toEqual({
      state: { value: ['NEW', 'DNAT'], negated: true },
      origDst: { value: { family: 'ipv4', address: '10.96.0.10', prefix: 32 }, negated: false },
      dir: 'ORIGINAL',
    });
  });

  it('prints IPv6 tuple addresses in their short form', () => {
    const r = one('-m conntrack --ctorigsrc fd00:0::1/64 --ctrepldst 2001:db8::1', {
      family: 'ipv6',
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe('-m conntrack --ctorigsrc fd00::1/64 --ctrepldst 2001:db8::1');
  });

  it('reports bad values at the option', () => {
    const cases: [string, DiagnosticCode, string][] = [
      ['-m conntrack --ctstate FOO', 'bad-value', '--ctstate FOO'],
      ['-m conntrack --ctstate NEW,', 'bad-value', '--ctstate NEW,'],
      ['-m conntrack --ctstatus FOO', 'bad-value', '--ctstatus FOO'],
      ['-m conntrack --ctproto nosuch', 'bad-value', '--ctproto nosuch'],
      ['-m conntrack --ctorigsrc host.example', 'bad-address', '--ctorigsrc host.example'],
      ['-m conntrack --ctorigdst 10.0.0.0/33', 'bad-address', '--ctorigdst 10.0.0.0/33'],
      ['-m conntrack --ctorigsrcport 70000', 'bad-port', '--ctorigsrcport 70000'],
      ['-m conntrack --ctexpire 4294967296', 'bad-value', '--ctexpire 4294967296'],
      ['-m conntrack --ctdir SIDEWAYS', 'bad-value', '--ctdir SIDEWAYS'],
      ['-m conntrack ! --ctdir REPLY', 'syntax', '--ctdir'],
      ['-m conntrack --ctstate NEW --ctstate INVALID', 'syntax', '--ctstate INVALID'],
    ];
    for (const [body, code, text] of cases)
      expect(one(body).diagnostics, body).toEqual([diag(body, code, text)]);
  });

  it('needs at least one option', () => {
    expect(one('-m conntrack -j ACCEPT').diagnostics).toEqual([
      diag('-m conntrack -j ACCEPT', 'missing-argument', '-m conntrack'),
    ]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m conntrack --ctstate RELATED,ESTABLISHED')).toEqual({
      en: 'conntrack: connection state RELATED or ESTABLISHED',
      ko: 'conntrack: 연결 상태가 RELATED(관련 연결), ESTABLISHED(이미 맺어진 연결) 중 하나',
    });
    expect(
      explainFirst(
        '-m conntrack ! --ctstate DNAT --ctorigdst 10.96.0.10 --ctorigdstport 80 ! --ctstatus ASSURED --ctexpire 10:20 --ctdir REPLY',
      ),
    ).toEqual({
      en: 'conntrack: connection state not DNAT, connection status not ASSURED, original destination 10.96.0.10, original destination port 80, 10-20 seconds left, packet in the reply direction',
      ko: 'conntrack: 연결 상태가 DNAT(목적지 변환됨) 중 어느 것도 아님, 연결 상태 비트 ASSURED 아님, 원래 목적지 10.96.0.10, 원래 목적지 포트 80, 남은 시간 10-20초, 응답 방향 패킷',
    });
  });
});
