import type { MatchModule } from '../types.ts';
import { ttl } from './ttl.ts';
import { tos } from './tos.ts';
import { ecn } from './ecn.ts';
import { dscp } from './dscp.ts';
import { addrtype } from './addrtype.ts';
import { comment } from './comment.ts';
import { connmark } from './connmark.ts';
import { conntrack } from './conntrack.ts';
import { hashlimit } from './hashlimit.ts';
import { hl } from './hl.ts';
import { icmp } from './icmp.ts';
import { icmp6 } from './icmp6.ts';
import { iprange } from './iprange.ts';
import { length } from './length.ts';
import { limit } from './limit.ts';
import { mac } from './mac.ts';
import { mark } from './mark.ts';
import { multiport } from './multiport.ts';
import { owner } from './owner.ts';
import { physdev } from './physdev.ts';
import { pkttype } from './pkttype.ts';
import { recent } from './recent.ts';
import { rpfilter } from './rpfilter.ts';
import { sctp } from './sctp.ts';
import { set } from './set.ts';
import { socket } from './socket.ts';
import { state } from './state.ts';
import { statistic } from './statistic.ts';
import { tcp } from './tcp.ts';
import { tcpmss } from './tcpmss.ts';
import { udp } from './udp.ts';

/** Every match module, one file each. Keep the list sorted by name. */
export const matchModules: readonly MatchModule[] = [
  addrtype,
  comment,
  connmark,
  conntrack,
  dscp,
  ecn,
  hashlimit,
  hl,
  icmp,
  icmp6,
  iprange,
  length,
  limit,
  mac,
  mark,
  multiport,
  owner,
  physdev,
  pkttype,
  recent,
  rpfilter,
  sctp,
  set,
  socket,
  state,
  statistic,
  tcp,
  tcpmss,
  tos,
  ttl,
  udp,
];
