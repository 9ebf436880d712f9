/**
 * The packet form's problems (packet/packet-form.ts: why a packet cannot be sent yet) in the
 * learner's language. The form says them in English; like a message catalogue, each English
 * sentence is the key of its Korean one, with `{name}` for the values it names. A sentence not
 * in the catalogue stays as it is (form-problems.test.ts fails for any the form can say).
 */
import type { Lang } from '../i18n/index.ts';

type Values = Record<string, string>;

/** [the English sentence with `{value}` holes, its Korean] */
const CATALOGUE: readonly [string, (v: Values) => string][] = [
  ['no Service {ns}/{name}', (v) => `없는 Service입니다: ${v.ns}/${v.name}`],
  [
    'Service {name} has no {family}ClusterIP',
    (v) => `Service ${v.name}에 ${v.family}ClusterIP가 없습니다.`,
  ],
  [
    'node {name} has no {family}InternalIP',
    (v) => `노드 ${v.name}에 ${v.family}InternalIP가 없습니다.`,
  ],
  ['no pod {ns}/{name}', (v) => `없는 pod입니다: ${v.ns}/${v.name}`],
  ['pod {name} has no {family} address', (v) => `pod ${v.name}에 ${v.family} 주소가 없습니다.`],
  ['no node {name}', (v) => `없는 노드입니다: ${v.name}`],
  ['no external client {name}', (v) => `없는 외부 클라이언트입니다: ${v.name}`],
  [
    'external client {name} has no {family} address',
    (v) => `외부 클라이언트 ${v.name}에 ${v.family} 주소가 없습니다.`,
  ],
  ['choose the node it enters', () => '패킷이 들어갈 노드를 고르세요.'],
  ['{address} is not an IPv4 address', (v) => `IPv4 주소가 아닙니다: ${v.address}`],
  [
    '{address} is neither an IPv4 nor an IPv6 address',
    (v) => `IPv4 주소도 IPv6 주소도 아닙니다: ${v.address}`,
  ],
  [
    '{src} and {dst} are of different families: a packet is IPv4 or IPv6 throughout',
    (v) =>
      `출발지 ${v.src}, 목적지 ${v.dst}: 주소 체계가 다릅니다. 한 패킷은 처음부터 끝까지 IPv4이거나 IPv6입니다.`,
  ],
  [
    'with a pasted dump, the destination is an address',
    () => '붙여 넣은 덤프에서는 목적지로 주소를 적어야 합니다.',
  ],
  [
    'with a pasted dump, the source is an address',
    () => '붙여 넣은 덤프에서는 출발지로 주소를 적거나 호스트 자신을 고르세요.',
  ],
  [
    '{mac} is not a MAC address (six hex octets, e.g. 02:42:ac:11:00:02)',
    (v) => `MAC 주소가 아닙니다: ${v.mac} (16진수 여섯 옥텟, 예: 02:42:ac:11:00:02)`,
  ],
];

/** what the form writes for a field left empty */
const EMPTY: Record<Lang, string> = { en: '(empty)', ko: '(비어 있음)' };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MATCHERS = CATALOGUE.map(([english, say]) => {
  const names: string[] = [];
  const pattern = english
    .split(/(\{[a-z]+\})/)
    .map((part) => {
      const hole = /^\{([a-z]+)\}$/.exec(part);
      if (!hole) return escape(part);
      names.push(hole[1]!);
      return '(.*?)';
    })
    .join('');
  return { re: new RegExp(`^${pattern}$`), names, say };
});

export function formProblemText(problem: string, lang: Lang): string {
  if (lang === 'en') return problem;
  for (const { re, names, say } of MATCHERS) {
    const m = re.exec(problem);
    if (!m) continue;
    const v: Values = {};
    names.forEach((n, i) => (v[n] = m[i + 1] === EMPTY.en ? EMPTY.ko : (m[i + 1] ?? '')));
    return say(v);
  }
  return problem;
}
