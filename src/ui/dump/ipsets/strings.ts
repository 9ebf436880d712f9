/** The ipset panel's words, in English and Korean. */
import type { Lang } from '../../i18n/index.ts';

export interface IpsetStrings {
  tab: (sets: number) => string;
  intro: string;
  textLabel: string;
  placeholder: string;
  openFile: string;
  clear: string;
  dropHere: string;
  setsHeading: (n: number) => string;
  colName: string;
  colType: string;
  colMembers: string;
  ipv6: string;
  untested: (n: number) => string;
  problems: (n: number) => string;
  at: (line: number, column: number) => string;
  missingHeading: (n: number) => string;
  missing: (name: string, rules: number) => string;
  allDefined: (n: number) => string;
  noneNamed: string;
}

export const ipsetStrings: Record<Lang, IpsetStrings> = {
  en: {
    tab: (n) => (n > 0 ? `Sets (${n})` : 'Sets'),
    intro:
      'Rules with -m set test a packet against the node’s ipsets. Paste what “ipset save” (or “ipset list”) prints on that node, drop or open the file; the trace then tests the sets’ members.',
    textLabel: 'ipset save text',
    placeholder: 'create KUBE-DST-… hash:ip family inet …\nadd KUBE-DST-… 10.42.0.10',
    openFile: 'Open ipset file…',
    clear: 'Clear',
    dropHere: 'Drop the ipset file here',
    setsHeading: (n) => `${n} set${n === 1 ? '' : 's'} read`,
    colName: 'Set',
    colType: 'Type',
    colMembers: 'Members',
    ipv6: 'IPv6: never matches an IPv4 packet',
    untested: (n) => `${n} not tested by the simulator`,
    problems: (n) => `${n} problem${n === 1 ? '' : 's'} in the ipset text`,
    at: (line, column) => `line ${line}, column ${column}`,
    missingHeading: (n) =>
      `${n} set${n === 1 ? '' : 's'} the rules name but no text defines: their rules’ outcome is unknown`,
    missing: (name, rules) =>
      `set ${name}: ${rules === 1 ? 'one rule depends' : `${rules} rules depend`} on it`,
    allDefined: (n) => `Every set the rules name (${n}) is defined.`,
    noneNamed: 'No rule of this dump uses -m set.',
  },
  ko: {
    tab: (n) => (n > 0 ? `ipset (${n})` : 'ipset'),
    intro:
      '-m set 규칙은 패킷을 노드의 ipset과 비교합니다. 그 노드에서 “ipset save”(또는 “ipset list”)가 출력한 내용을 붙여 넣거나, 파일을 끌어다 놓거나 열면 트레이스가 세트의 멤버로 판단합니다.',
    textLabel: 'ipset save 텍스트',
    placeholder: '예)\ncreate KUBE-DST-… hash:ip family inet …\nadd KUBE-DST-… 10.42.0.10',
    openFile: 'ipset 파일 열기…',
    clear: '지우기',
    dropHere: '여기에 ipset 파일을 놓으세요',
    setsHeading: (n) => `세트 ${n}개를 읽음`,
    colName: '세트',
    colType: '유형',
    colMembers: '멤버',
    ipv6: 'IPv6: IPv4 패킷과는 일치하지 않음',
    untested: (n) => `${n}개는 시뮬레이터가 판단하지 못함`,
    problems: (n) => `ipset 텍스트의 문제 ${n}개`,
    at: (line, column) => `${line}행 ${column}열`,
    missingHeading: (n) =>
      `규칙이 이름을 쓰지만 정의되지 않은 세트 ${n}개: 이 세트를 쓰는 규칙의 결과는 알 수 없음`,
    missing: (name, rules) => `세트 ${name}: 규칙 ${rules}개가 이 세트에 따라 달라짐`,
    allDefined: (n) => `규칙이 쓰는 세트 ${n}개가 모두 정의되어 있습니다.`,
    noneNamed: '이 덤프에는 -m set을 쓰는 규칙이 없습니다.',
  },
};
