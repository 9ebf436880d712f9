import type { TargetModule } from '../types.ts';
import { ttl } from './TTL.ts';
import { tos } from './TOS.ts';
import { hl } from './HL.ts';
import { ecn } from './ECN.ts';
import { dscp } from './DSCP.ts';
import { classify } from './CLASSIFY.ts';
import { checksum } from './CHECKSUM.ts';
import { connmark } from './CONNMARK.ts';
import { ct } from './CT.ts';
import { dnat } from './DNAT.ts';
import { log } from './LOG.ts';
import { mark } from './MARK.ts';
import { masquerade } from './MASQUERADE.ts';
import { nflog } from './NFLOG.ts';
import { notrack } from './NOTRACK.ts';
import { redirect } from './REDIRECT.ts';
import { reject } from './REJECT.ts';
import { snat } from './SNAT.ts';
import { tcpmss } from './TCPMSS.ts';
import { tproxy } from './TPROXY.ts';
import { trace } from './TRACE.ts';

/** Every target extension, one file each. Keep the list sorted by name. */
export const targetModules: readonly TargetModule[] = [
  checksum,
  classify,
  connmark,
  ct,
  dnat,
  dscp,
  ecn,
  hl,
  log,
  mark,
  masquerade,
  nflog,
  notrack,
  redirect,
  reject,
  snat,
  tcpmss,
  tos,
  tproxy,
  trace,
  ttl,
];
