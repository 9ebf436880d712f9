/** Korean sentences for ipset text and for the host and packet files' field diagnostics. */
import { firstOf, when, withArgs, type Say } from './args.ts';

const IPSET: Record<string, Say> = {
  syntax: firstOf([
    when('not-a-command', (a) =>
      withArgs(a, ['word'], (v) => `ipset 명령이 아닙니다: "${v.word}"`),
    ),
    when('add-member', () => 'add에는 넣을 멤버가 필요합니다.'),
    when('second-name', (a) =>
      withArgs(a, ['command'], (v) => `${v.command}에는 두 번째 set 이름이 필요합니다.`),
    ),
    when('block-start', () => 'ipset list 블록은 "Name: SET" 줄로 시작해야 합니다.'),
    when('block-field', () => '"Key: value" 줄이나 "Members:" 줄이어야 합니다.'),
    when('name-missing', () => 'set 이름이 없습니다.'),
    when('name-length', (a) =>
      withArgs(a, ['max'], (v) => `1자에서 ${v.max}자 사이의 set 이름이 필요합니다.`),
    ),
  ]),
  'unknown-set': firstOf([
    when('list-member', (a) =>
      withArgs(a, ['name'], (v) => `list:set에 넣을 set이 없습니다: "${v.name}"`),
    ),
    (a) =>
      a['sentence'] === undefined
        ? withArgs(a, ['name'], (v) => `앞에서 만든 적이 없는 set입니다: "${v.name}"`)
        : undefined,
  ]),
  'duplicate-set': firstOf([
    when('rename-exists', (a) =>
      withArgs(a, ['name'], (v) => `이미 있는 set 이름입니다: "${v.name}"`),
    ),
    (a) =>
      a['sentence'] === undefined
        ? withArgs(a, ['name'], (v) => `같은 이름의 set을 두 번 만듭니다: "${v.name}"`)
        : undefined,
  ]),
  'bad-type': (a) =>
    withArgs(a, ['type', 'types'], (v) =>
      v.type
        ? `알 수 없는 set 타입입니다: "${v.type}" (쓸 수 있는 타입: ${v.types})`
        : `set 타입이 없습니다 (쓸 수 있는 타입: ${v.types})`,
    ),
  'bad-option': firstOf([
    when('not-an-option', (a) =>
      withArgs(a, ['option'], (v) => `create 옵션이 아닙니다: "${v.option}"`),
    ),
    when('needs-value', (a) =>
      withArgs(a, ['option'], (v) => `${v.option} 옵션에는 값이 필요합니다.`),
    ),
    when('family', (a) =>
      withArgs(a, ['value'], (v) => `family는 inet이나 inet6이어야 합니다: "${v.value}"`),
    ),
  ]),
  'bad-member': firstOf([
    when('nested-list', (a) =>
      withArgs(a, ['name'], (v) => `list:set 안에 다른 list:set을 넣을 수 없습니다: "${v.name}"`),
    ),
    when('no-such-member', (a) =>
      withArgs(a, ['name', 'member'], (v) => `set "${v.name}"에 없는 멤버입니다: "${v.member}"`),
    ),
  ]),
  'empty-input': when('ipset', () => 'ipset 텍스트에 set이 하나도 없습니다.'),
};

/** the host file's "expected a list": no path in the sentence, the form shows the field */
const EXPECTED: Record<string, string> = {
  list: '리스트여야',
  boolean: 'true나 false여야',
};

const FIELDS: Record<string, Say> = {
  'bad-type': (a) =>
    a['path'] === undefined
      ? withArgs(a, ['expected', 'got'], (v) =>
          EXPECTED[v.expected] === undefined
            ? undefined
            : `값은 ${EXPECTED[v.expected]} 하는데 ${v.got}입니다.`,
        )
      : undefined,
  'missing-field': firstOf([
    when('interface-name', () => 'eth0 같은 인터페이스 이름이 필요합니다.'),
    when('route-dev-or-via', () => 'route에는 "dev"나 "via"가 필요합니다.'),
  ]),
  'bad-value': firstOf([
    when('interface-name', (a) =>
      withArgs(
        a,
        ['value'],
        (v) => `인터페이스 이름이 아닙니다: ${v.value} (1~15자, 공백과 슬래시 없이)`,
      ),
    ),
    when('interface-twice', (a) =>
      withArgs(a, ['name'], (v) => `같은 인터페이스가 두 번 나옵니다: "${v.name}"`),
    ),
    when('set-twice', (a) =>
      withArgs(a, ['name'], (v) => `같은 set이 두 번 나옵니다: "${v.name}"`),
    ),
  ]),
  'unknown-field': (a) =>
    a['kind'] === undefined
      ? withArgs(a, ['field'], (v) => {
          const s = `알 수 없는 필드입니다: "${v.field}".`;
          if (a['meant'] !== undefined) return `${s} 혹시 "${a['meant']}"인가요?`;
          return a['known'] === undefined ? s : `${s} (쓸 수 있는 필드: ${a['known']})`;
        })
      : undefined,
  'unknown-reference': when('route-dev', (a) =>
    withArgs(
      a,
      ['dev', 'interfaces'],
      (v) => `호스트에 없는 인터페이스입니다: "${v.dev}" (있는 인터페이스: ${v.interfaces})`,
    ),
  ),
};

export const KO_NETFILTER: readonly Record<string, Say>[] = [IPSET, FIELDS];
