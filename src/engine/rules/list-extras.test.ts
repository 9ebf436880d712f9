import { describe, expect, it } from 'vitest';
import { readListExtras } from './list-extras.ts';

/** The option words a trailing text turns into, matches then target. */
function words(text: string, target?: string): string {
  const r = readListExtras(text, target);
  const out = r.matches.flatMap((m) => m.words.map((x) => x.text));
  if (r.target)
    out.push(
      '|',
      ...(r.target.rename ? [`rename:${r.target.rename}`] : []),
      ...r.target.words.map((x) => x.text),
    );
  if (r.lossy.length) out.push('?', ...r.lossy.map((l) => l.text));
  return out.join(' ');
}

// Every text below is what iptables 1.8.9 printed in `iptables -L -n -v` (and plain -L where
// noted) for the rule in the comment, captured in a network namespace.
describe('readListExtras: match texts', () => {
  it.each([
    // -p tcp -m tcp --sport 1024:65535 --dport 80
    ['tcp spts:1024:65535 dpt:80', '-m tcp --sport 1024:65535 --dport 80'],
    ['tcp spts:!1:2 dpt:!80', '-m tcp ! --sport 1:2 ! --dport 80'],
    ['tcp option=2 flags:0x12/0x02', '-m tcp --tcp-option 2 --tcp-flags SYN,ACK SYN'],
    ['tcp flags:!0x17/0x02', '-m tcp ! --tcp-flags FIN,SYN,RST,ACK SYN'],
    ['tcp flags:0x3F/0x00', '-m tcp --tcp-flags FIN,SYN,RST,PSH,ACK,URG NONE'],
    // plain -L (names)
    [
      'tcp flags:FIN,SYN,RST,PSH,ACK,URG/FIN,PSH,URG',
      '-m tcp --tcp-flags FIN,SYN,RST,PSH,ACK,URG FIN,PSH,URG',
    ],
    ['tcp dpt:http', '-m tcp --dport http'],
    ['tcp', '-m tcp'],
    ['udp spts:!10:20', '-m udp ! --sport 10:20'],
    ['udp', '-m udp'],
    ['icmptype 8', '-m icmp --icmp-type 8'],
    ['icmptype 3 code 3', '-m icmp --icmp-type 3/3'],
    ['icmp !type 8', '-m icmp ! --icmp-type 8'],
    ['icmptype 255', '-m icmp --icmp-type any'],
    ['icmp echo-request', '-m icmp --icmp-type echo-request'],
    ['multiport sports 1,2:3', '-m multiport --sports 1,2:3'],
    ['multiport dports  !80', '-m multiport ! --dports 80'],
    ['multiport ports 22,80', '-m multiport --ports 22,80'],
    [
      'statistic mode random ! probability 0.25000000000',
      '-m statistic --mode random ! --probability 0.25000000000',
    ],
    ['statistic mode nth every 3 packet 1', '-m statistic --mode nth --every 3 --packet 1'],
    ['statistic mode nth every 3', '-m statistic --mode nth --every 3 --packet 0'],
    ['statistic mode nth ! every 3 packet 2', '-m statistic --mode nth ! --every 3 --packet 2'],
    ['mark match 0x10/0xf0', '-m mark --mark 0x10/0xf0'],
    ['mark match ! 0x4000/0x4000', '-m mark ! --mark 0x4000/0x4000'],
    ['connmark match  0x1', '-m connmark --mark 0x1'],
    ['connmark match ! 0x1/0x3', '-m connmark ! --mark 0x1/0x3'],
    [
      'ctstate INVALID,NEW,UNTRACKED,SNAT,DNAT',
      '-m conntrack --ctstate INVALID,NEW,UNTRACKED,SNAT,DNAT',
    ],
    ['! ctstate NEW', '-m conntrack ! --ctstate NEW'],
    [
      'ctstate NEW ctstatus CONFIRMED ctdir ORIGINAL',
      '-m conntrack --ctstate NEW --ctstatus CONFIRMED --ctdir ORIGINAL',
    ],
    [
      '! ctproto 6 ! ctorigdst 10.0.0.0/8 ! ctstatus ASSURED',
      '-m conntrack ! --ctproto 6 ! --ctorigdst 10.0.0.0/8 ! --ctstatus ASSURED',
    ],
    ['ctorigdstport 80 ctexpire 10:20', '-m conntrack --ctorigdstport 80 --ctexpire 10:20'],
    ['! state INVALID', '-m state ! --state INVALID'],
    ['state RELATED,ESTABLISHED', '-m state --state RELATED,ESTABLISHED'],
    [
      'ADDRTYPE match src-type UNICAST,LOCAL dst-type !LOCAL limit-in',
      '-m addrtype --src-type UNICAST,LOCAL ! --dst-type LOCAL --limit-iface-in',
    ],
    ['ADDRTYPE match dst-type LOCAL', '-m addrtype --dst-type LOCAL'],
    ['match-set KUBE-LOOP dst,dst,src', '-m set --match-set KUBE-LOOP dst,dst,src'],
    ['! match-set S src', '-m set ! --match-set S src'],
    [
      'match-set S src,dst return-nomatch ! update-counters',
      '-m set --match-set S src,dst --return-nomatch ! --update-counters',
    ],
    [
      'PHYSDEV match --physdev-in eth0 ! --physdev-out veth+ --physdev-is-bridged',
      '-m physdev --physdev-in eth0 ! --physdev-out veth+ --physdev-is-bridged',
    ],
    [
      'PHYSDEV match ! --physdev-is-in --physdev-is-out',
      '-m physdev ! --physdev-is-in --physdev-is-out',
    ],
    ['MAC 00:11:22:33:44:55', '-m mac --mac-source 00:11:22:33:44:55'],
    ['MAC ! 00:11:22:33:44:56', '-m mac ! --mac-source 00:11:22:33:44:56'],
    ['limit: avg 3/min burst 5', '-m limit --limit 3/min'],
    ['limit: avg 1/hour burst 7', '-m limit --limit 1/hour --limit-burst 7'],
    [
      'source IP range 1.1.1.1-1.1.1.9 destination IP range ! 2.2.2.2-2.2.2.3',
      '-m iprange --src-range 1.1.1.1-1.1.1.9 ! --dst-range 2.2.2.2-2.2.2.3',
    ],
    ['PKTTYPE = broadcast', '-m pkttype --pkt-type broadcast'],
    ['PKTTYPE != multicast', '-m pkttype ! --pkt-type multicast'],
    ['length 100:200', '-m length --length 100:200'],
    ['length !5', '-m length ! --length 5'],
    ['socket --transparent', '-m socket --transparent'],
    ['socket', '-m socket'],
    ['owner UID match 0', '-m owner --uid-owner 0'],
    ['owner socket exists ! owner GID match 10', '-m owner --socket-exists ! --gid-owner 10'],
    ['rpfilter invert', '-m rpfilter --invert'],
    ['rpfilter loose validmark accept-local', '-m rpfilter --loose --validmark --accept-local'],
    ['/*  */', '-m comment --comment '],
    ['/* a "quoted" back\\slash */', '-m comment --comment a "quoted" back\\slash'],
    [
      'state RELATED,ESTABLISHED /* two */ mark match 0x1',
      '-m state --state RELATED,ESTABLISHED -m comment --comment two -m mark --mark 0x1',
    ],
  ])('%s', (text, expected) => {
    expect(words(text)).toBe(expected);
  });

  it('keeps comment text as free words that the rule parser never reads as options', () => {
    const r = readListExtras('/* ! -j DROP */', undefined);
    expect(r.matches[0]!.words.at(-1)).toEqual({ text: '! -j DROP', quoted: true });
  });

  it('ends a comment holding " */" where a known text follows', () => {
    expect(words('/* x */ y */')).toBe('-m comment --comment x */ y');
    expect(words('/* a */ b */ tcp dpt:80')).toBe('-m comment --comment a */ b -m tcp --dport 80');
  });

  it('reads [goto] before the matches', () => {
    const r = readListExtras('[goto]  tcp dpt:80', 'DOCKER');
    expect(r.goto).toBe(true);
    expect(r.matches.map((m) => [m.start, m.end])).toEqual([[8, 18]]);
  });
});

describe('readListExtras: target texts', () => {
  it.each([
    ['reject-with tcp-reset', 'REJECT', '| --reject-with tcp-reset'],
    ['LOG flags 0 level 4', 'LOG', '|'],
    [
      'LOG flags 15 level 4 prefix "x y"',
      'LOG',
      '| --log-prefix x y --log-tcp-sequence --log-tcp-options --log-ip-options --log-uid',
    ],
    [
      'LOG flags 40 level 7 prefix "p"',
      'LOG',
      '| --log-prefix p --log-level 7 --log-uid --log-macdecode',
    ],
    [
      'LOG level debug uid macdecode prefix "p"',
      'LOG',
      '| --log-prefix p --log-level 7 --log-uid --log-macdecode',
    ],
    [
      'nflog-prefix np nflog-group 2 nflog-threshold 3',
      'NFLOG',
      '| --nflog-prefix np --nflog-group 2 --nflog-threshold 3',
    ],
    [
      'to:10.0.0.1-10.0.0.5:80-90 random persistent',
      'DNAT',
      '| --to-destination 10.0.0.1-10.0.0.5:80-90 --random --persistent',
    ],
    ['to::8080', 'DNAT', '| --to-destination :8080'],
    [
      'to:1.2.3.4:1000-2000 random-fully persistent',
      'SNAT',
      '| --to-source 1.2.3.4:1000-2000 --random-fully --persistent',
    ],
    ['masq ports: 1000-2000 random', 'MASQUERADE', '| --to-ports 1000-2000 --random'],
    ['random-fully', 'MASQUERADE', '| --random-fully'],
    ['redir ports 8080-8090 random', 'REDIRECT', '| --to-ports 8080-8090 --random'],
    ['MARK xset 0x1/0x3', 'MARK', '| --set-xmark 0x1/0x3'],
    ['MARK and 0xff', 'MARK', '| --set-xmark 0x0/0xffffff00'],
    ['MARK or 0x4000', 'MARK', '| --set-xmark 0x4000/0x4000'],
    ['MARK xor 0x4000', 'MARK', '| --set-xmark 0x4000/0x0'],
    ['MARK set 0x5', 'MARK', '| --set-xmark 0x5/0xffffffff'],
    ['CONNMARK save', 'CONNMARK', '| --save-mark --nfmask 0xffffffff --ctmask 0xffffffff'],
    ['CONNMARK restore mask 0xff', 'CONNMARK', '| --restore-mark --nfmask 0xff --ctmask 0xff'],
    [
      'CONNMARK save nfmask 0xf0 ctmask ~0xff',
      'CONNMARK',
      '| --save-mark --nfmask 0xf0 --ctmask 0xff',
    ],
    ['CONNMARK and 0x3', 'CONNMARK', '| --set-xmark 0x0/0xfffffffc'],
    ['TCPMSS clamp to PMTU', 'TCPMSS', '| --clamp-mss-to-pmtu'],
    ['TCPMSS set 1400', 'TCPMSS', '| --set-mss 1400'],
    [
      'TPROXY redirect 127.0.0.1:8080 mark 0x1/0x1',
      'TPROXY',
      '| --on-port 8080 --on-ip 127.0.0.1 --tproxy-mark 0x1/0x1',
    ],
    ['CT notrack', 'CT', '| --notrack'],
    ['CT zone-orig 3', 'CT', '| --zone-orig 3'],
    ['NOTRACK', 'CT', '| rename:NOTRACK'],
    [
      '/* default/web:http */ tcp to:10.244.1.5:8080',
      'DNAT',
      '-m comment --comment default/web:http -m tcp | --to-destination 10.244.1.5:8080',
    ],
    [
      'tcp flags:0x06/0x02 TCPMSS clamp to PMTU',
      'TCPMSS',
      '-m tcp --tcp-flags SYN,RST SYN | --clamp-mss-to-pmtu',
    ],
  ])('%s (-j %s)', (text, target, expected) => {
    expect(words(text, target)).toBe(expected);
  });

  it('reads a target text only for its own target', () => {
    expect(words('to:10.0.0.1', 'ACCEPT')).toBe('? to:10.0.0.1');
    expect(words('MARK or 0x4000', 'CONNMARK')).toBe('? MARK or 0x4000');
  });
});

describe('readListExtras: what stays lossy', () => {
  it('keeps unknown texts with their offsets, between recognised ones', () => {
    const text = 'recent: SET name: SSH side: source mask: 255.255.255.255 /* c */';
    const r = readListExtras(text, 'ACCEPT');
    expect(r.lossy).toEqual([
      { start: 0, end: 56, text: 'recent: SET name: SSH side: source mask: 255.255.255.255' },
    ]);
    expect(r.matches.map((m) => m.words.map((x) => x.text).join(' '))).toEqual([
      '-m comment --comment c',
    ]);
  });

  it('keeps a target text it cannot read as lossy', () => {
    expect(words('limit: up to 50/min burst 10 mode srcip', 'ACCEPT')).toBe(
      '? limit: up to 50/min burst 10 mode srcip',
    );
    expect(words('reject-with', 'REJECT')).toBe('? reject-with');
  });

  it('reads nothing from an empty or blank column', () => {
    expect(readListExtras('', 'ACCEPT')).toEqual({ goto: false, matches: [], lossy: [] });
    expect(readListExtras('          ', undefined)).toEqual({
      goto: false,
      matches: [],
      lossy: [],
    });
  });
});
