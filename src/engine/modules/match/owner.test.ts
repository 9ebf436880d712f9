import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9, nf_tables; filter OUTPUT (the kernel refuses owner in INPUT)).
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-m owner --uid-owner 0', '-m owner --uid-owner 0', 'owner UID match 0'],
  [
    '-m owner ! --uid-owner 1000-2000 --gid-owner 5:6 --suppl-groups',
    '-m owner ! --uid-owner 1000-2000 --gid-owner 5-6 --suppl-groups',
    '! owner UID match 1000-2000 owner GID match 5-6 incl. suppl. groups',
  ],
  ['-m owner --socket-exists', '-m owner --socket-exists', 'owner socket exists'],
  [
    '-m owner ! --socket-exists --gid-owner 0',
    '-m owner ! --socket-exists --gid-owner 0',
    '! owner socket exists owner GID match 0',
  ],
  ['-m owner --uid-owner root', '-m owner --uid-owner 0', 'owner UID match 0'],
  ['-m owner --uid-owner 0x10', '-m owner --uid-owner 16', 'owner UID match 16'],
];

const OUT = { chain: 'OUTPUT' } as const;

describe('-m owner', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written, OUT);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved, OUT).saved).toBe(saved);
  });

  it('keeps ids as numbers and ranges', () => {
    expect(
      one('-m owner ! --uid-owner 1000-2000 --gid-owner 010', OUT).rule?.matches[0]?.data,
    ).toEqual({
      supplGroups: false,
      uid: { value: { min: 1000, max: 2000 }, negated: true },
      // strtoul base 0, as iptables reads it: a leading 0 is octal
      gid: { value: { min: 8, max: 8 }, negated: false },
    });
  });

  it('keeps a name it cannot resolve, and says so', () => {
    const body = '-m owner --uid-owner www-data';
    const r = one(body, OUT);
    expect(r.diagnostics).toEqual([diag(body, 'bad-value', '--uid-owner www-data', 'warning')]);
    expect(r.saved).toBe(body);
    expect(r.rule?.matches[0]?.data).toEqual({
      supplGroups: false,
      uid: { value: { name: 'www-data' }, negated: false },
    });
  });

  it('reports bad ids at the option', () => {
    for (const body of [
      '-m owner --uid-owner 4294967295',
      '-m owner --uid-owner 5-3',
      '-m owner --gid-owner 1-x/',
    ])
      expect(one(body, OUT).diagnostics, body).toEqual([diag(body, 'bad-value', body.slice(9))]);
  });

  it('needs an owner option, and --gid-owner before --suppl-groups', () => {
    expect(one('-m owner', OUT).diagnostics).toEqual([
      diag('-m owner', 'missing-argument', '-m owner'),
    ]);
    const body = '-m owner --suppl-groups --gid-owner 1';
    expect(one(body, OUT).diagnostics).toEqual([diag(body, 'bad-value', '--suppl-groups')]);
  });

  it('is refused where packets have no local sender (the kernel allows OUTPUT and POSTROUTING)', () => {
    const body = '-m owner --uid-owner 1';
    expect(one(body).diagnostics).toEqual([diag(body, 'bad-value', '-m owner')]);
    expect(one(body, { table: 'mangle', chain: 'FORWARD' }).diagnostics).toEqual([
      diag(body, 'bad-value', '-m owner'),
    ]);
    expect(one(body, { table: 'mangle', chain: 'POSTROUTING' }).diagnostics).toEqual([]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m owner --uid-owner 1000', OUT)).toEqual({
      en: 'sender: socket user 1000',
      ko: '보낸 프로세스: 소켓 사용자 1000',
    });
    expect(
      explainFirst(
        '-m owner ! --uid-owner 0-99 --gid-owner 5 --suppl-groups ! --socket-exists',
        OUT,
      ),
    ).toEqual({
      en: 'sender: no local socket, socket user not 0-99, socket group 5 (supplementary groups too)',
      ko: '보낸 프로세스: 로컬 소켓이 없음, 소켓 사용자 0-99 아님, 소켓 그룹 5(보조 그룹 포함)',
    });
  });
});
