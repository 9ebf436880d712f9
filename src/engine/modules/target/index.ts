import type { TargetModule } from '../types.ts';
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
  connmark,
  ct,
  dnat,
  log,
  mark,
  masquerade,
  nflog,
  notrack,
  redirect,
  reject,
  snat,
  tcpmss,
  tproxy,
  trace,
];
