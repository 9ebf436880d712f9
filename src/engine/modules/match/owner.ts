/**
 * `-m owner`: the local socket that sent a packet — its user, group, or that one exists. Only
 * locally generated packets have one, so the kernel allows it in OUTPUT and POSTROUTING only.
 * iptables turns user and group names into numbers with the host's passwd and group files; this
 * engine has no such files, so it resolves only `root` (0 everywhere) and keeps other names.
 */
import type { Negatable } from '../../rules/model-face.ts';
import { defineMatch, type ModuleContext, type ParsedOption } from '../types.ts';
import { reportRepeated, requireOneOf } from '../option-checks.ts';
import { reportWrongChain } from './placement.ts';
import { type MatchEvaluator, type MatchResult } from '../evaluate.ts';
import { parts, w } from '../list-text.ts';
import type { Hook } from '../../netfilter/hooks.ts';

/** A numeric id range, or a name this engine could not turn into a number. */
export type OwnerId = { min: number; max: number } | { name: string };

export interface OwnerData {
  socketExists?: Negatable<true>;
  uid?: Negatable<OwnerId>;
  gid?: Negatable<OwnerId>;
  /** --gid-owner also matches the supplementary groups of the socket's owner */
  supplGroups: boolean;
}

/** -1 means "no id" to the kernel, so the largest id is one less. */
const MAX_ID = 0xfffffffe;

/** strtoul with base 0, as iptables reads ids: decimal, 0x hex, 0 octal. */
function parseId(text: string): number | undefined {
  let v: number;
  if (/^0[xX][0-9a-fA-F]+$/.test(text)) v = parseInt(text.slice(2), 16);
  else if (/^0[0-7]*$/.test(text)) v = parseInt(text, 8);
  else if (/^[1-9][0-9]*$/.test(text)) v = Number(text);
  else return undefined;
  return v <= MAX_ID ? v : undefined;
}

function parseOwnerId(
  o: ParsedOption,
  ctx: ModuleContext,
  what: 'user' | 'group',
): Negatable<OwnerId> | undefined {
  const text = o.args[0] ?? '';
  const sep = text.search(/[-:]/);
  const min = parseId(sep < 0 ? text : text.slice(0, sep));
  const max = sep < 0 ? min : parseId(text.slice(sep + 1));
  if (min !== undefined && max !== undefined) {
    if (min > max)
      ctx.report(
        'bad-value',
        `${what} id range ${min}-${max} is inverted (the kernel refuses it)`,
        o.span,
      );
    return { value: { min, max }, negated: o.negated };
  }
  if (text === 'root') return { value: { min: 0, max: 0 }, negated: o.negated };
  if (/^[A-Za-z_][A-Za-z0-9_.-]*\$?$/.test(text)) {
    ctx.report(
      'bad-value',
      `${what} name "${text}" cannot be resolved here (no passwd/group file); iptables-save would print its number`,
      o.span,
      'warning',
    );
    return { value: { name: text }, negated: o.negated };
  }
  ctx.report('bad-value', `"${text}" is not a ${what} id, id range (FROM-TO) or name`, o.span);
  return undefined;
}

export function formatOwnerId(id: OwnerId): string {
  if ('name' in id) return id.name;
  return id.min === id.max ? String(id.min) : `${id.min}-${id.max}`;
}

function ownerParts(
  d: OwnerData,
  labels: { socket: string; uid: string; gid: string; suppl: string },
): string[] {
  const out: string[] = [];
  if (d.socketExists) out.push(...(d.socketExists.negated ? ['!'] : []), labels.socket);
  if (d.uid) out.push(...(d.uid.negated ? ['!'] : []), labels.uid, formatOwnerId(d.uid.value));
  if (d.gid) out.push(...(d.gid.negated ? ['!'] : []), labels.gid, formatOwnerId(d.gid.value));
  if (d.supplGroups) out.push(labels.suppl);
  return out;
}

const OWNER_HOOKS: readonly Hook[] = ['OUTPUT', 'POSTROUTING'];

function idHolds(o: Negatable<OwnerId>, id: number | undefined): MatchResult {
  if (id === undefined || 'name' in o.value) return 'unknown';
  const inRange = id >= o.value.min && id <= o.value.max;
  return inRange !== o.negated ? 'match' : 'nomatch';
}

const evaluate: MatchEvaluator<OwnerData> = (d, ctx) => {
  // elsewhere the kernel refuses to load the rule (reached through a user chain)
  if (!OWNER_HOOKS.includes(ctx.hook)) return 'unknown';
  const p = ctx.packet;
  if (!p.local) {
    const all = [d.socketExists, d.uid, d.gid].every((o) => o === undefined || o.negated);
    return all ? 'match' : 'nomatch';
  }
  // a local packet without uid or gid: the file does not say whether a socket sent it
  if (p.uid === undefined && p.gid === undefined) return 'unknown';
  if (d.socketExists?.negated) return 'nomatch';
  let result: MatchResult = 'match';
  // --suppl-groups would also look through the owner's supplementary groups; the packet file
  // has only the primary group, so it is tested like a plain --gid-owner
  for (const [opt, id] of [
    [d.uid, p.uid],
    [d.gid, p.gid],
  ] as const) {
    if (opt === undefined) continue;
    const r = idHolds(opt, id);
    if (r === 'nomatch') return 'nomatch';
    if (r === 'unknown') result = 'unknown';
  }
  return result;
};

const readList = parts(
  undefined,
  'owner',
  /(! )?owner (?:(UID|GID) match (\S+)|socket exists)/,
  (m) =>
    m[2]
      ? w(m[1] && '!', m[2] === 'UID' ? '--uid-owner' : '--gid-owner', m[3])
      : w(m[1] && '!', '--socket-exists'),
);

export const owner = defineMatch<OwnerData>({
  name: 'owner',
  evaluate,
  readList,
  options: [
    { name: 'uid-owner', args: 1, negatable: true },
    { name: 'gid-owner', args: 1, negatable: true },
    { name: 'socket-exists', args: 0, negatable: true },
    { name: 'suppl-groups', args: 0 },
  ],
  parse(options, ctx) {
    const data: OwnerData = { supplGroups: false };
    reportRepeated('owner', options, ctx);
    for (const o of options) {
      if (o.name === 'uid-owner') {
        const id = parseOwnerId(o, ctx, 'user');
        if (id) data.uid = id;
      } else if (o.name === 'gid-owner') {
        const id = parseOwnerId(o, ctx, 'group');
        if (id) data.gid = id;
      } else if (o.name === 'socket-exists')
        data.socketExists = { value: true, negated: o.negated };
      else {
        // iptables reads options in order and wants the group first
        if (!options.slice(0, options.indexOf(o)).some((p) => p.name === 'gid-owner'))
          ctx.report('bad-value', '--suppl-groups needs --gid-owner before it', o.span);
        data.supplGroups = true;
      }
    }
    requireOneOf('owner', options, ['uid-owner', 'gid-owner', 'socket-exists'], ctx);
    reportWrongChain('owner', options, ctx, ['OUTPUT', 'POSTROUTING']);
    return data;
  },
  save: (d) =>
    ownerParts(d, {
      socket: '--socket-exists',
      uid: '--uid-owner',
      gid: '--gid-owner',
      suppl: '--suppl-groups',
    }),
  list: (d) =>
    ownerParts(d, {
      socket: 'owner socket exists',
      uid: 'owner UID match',
      gid: 'owner GID match',
      suppl: 'incl. suppl. groups',
    }).join(' '),
  explain(d, lang) {
    const ko = lang === 'ko';
    const parts: string[] = [];
    const id = (v: Negatable<OwnerId>) => formatOwnerId(v.value);
    if (d.socketExists)
      parts.push(
        ko
          ? `로컬 소켓이 ${d.socketExists.negated ? '없음' : '있음'}`
          : d.socketExists.negated
            ? 'no local socket'
            : 'has a local socket',
      );
    if (d.uid)
      parts.push(
        ko
          ? `소켓 사용자 ${id(d.uid)}${d.uid.negated ? ' 아님' : ''}`
          : `socket user ${d.uid.negated ? 'not ' : ''}${id(d.uid)}`,
      );
    if (d.gid) {
      const suppl = d.supplGroups ? (ko ? '(보조 그룹 포함)' : ' (supplementary groups too)') : '';
      parts.push(
        ko
          ? `소켓 그룹 ${id(d.gid)}${suppl}${d.gid.negated ? ' 아님' : ''}`
          : `socket group ${d.gid.negated ? 'not ' : ''}${id(d.gid)}${suppl}`,
      );
    }
    return `${ko ? '보낸 프로세스' : 'sender'}: ${parts.join(', ')}`;
  },
});
