// Simulator vs kernel: an `ipset save` text restored into the host namespace (`ipset restore`) and
// read by readIpsetText for the simulator; rules test it by several set types, a nomatch
// exception with and without --return-nomatch, a list:set, and a rule with fewer flags than the
// set has dimensions.
import { describe, it } from 'vitest';
import { kernelEnvironment, kernelSuiteTitle } from '../environment.ts';
import { expectAgreement } from './compare.ts';
import { CLIENT, HOST, tcp, udp } from './packets.ts';

const env = kernelEnvironment();

const SETS = `create NLK-WIDE hash:net family inet hashsize 1024 maxelem 65536 timeout 0
add NLK-WIDE 192.168.50.0/24
add NLK-WIDE 192.168.50.96/28 nomatch
add NLK-WIDE 192.168.50.100 timeout 0
create NLK-SVC hash:net,port family inet hashsize 1024 maxelem 65536
add NLK-SVC 192.168.50.0/24,tcp:22
create NLK-PORTS bitmap:port range 0-1023
add NLK-PORTS 53
create NLK-PAIR hash:ip,port,ip family inet hashsize 1024 maxelem 65536
add NLK-PAIR 192.168.50.10,udp:53,192.168.50.101
create NLK-EITHER list:set size 8
add NLK-EITHER NLK-PORTS
add NLK-EITHER NLK-SVC
`;

const RULES = `*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -m set --match-set NLK-WIDE src -m comment --comment wide
-A INPUT -m set --match-set NLK-WIDE src --return-nomatch -m comment --comment exception
-A INPUT -m set --match-set NLK-SVC src,dst -m comment --comment svc
-A INPUT -m set --match-set NLK-SVC src -m comment --comment too-few-flags
-A INPUT -m set --match-set NLK-PAIR dst,dst,src -m comment --comment pair
-A INPUT -m set ! --match-set NLK-EITHER src,dst -m comment --comment not-either
COMMIT
`;

describe.skipIf(!env.ok)(kernelSuiteTitle('simulator vs kernel: ipset restore'), () => {
  it('hash:net with a nomatch member, hash:net,port, hash:ip,port,ip, bitmap:port in a list:set', async () => {
    await expectAgreement(
      {
        ipsetText: SETS,
        rules: RULES,
        packets: [
          // in the /24, outside the exception
          tcp('peer', '192.168.50.20', HOST, 40401, 22),
          // inside the nomatch /28: only --return-nomatch matches
          tcp('peer', '192.168.50.99', HOST, 40402, 80),
          // a /32 inside the /28 is more specific than the exception: a plain match again
          udp('peer', CLIENT, HOST, 40403, 53),
          udp('peer', '192.168.50.101', HOST, 40404, 53),
        ],
      },
      ['INPUT filter/INPUT #1', 'INPUT filter/INPUT #2', 'INPUT filter/INPUT #5'],
    );
  });
});
