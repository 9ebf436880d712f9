/** The dump workspace's words, in English and Korean. */
import type { Lang } from '../i18n/index.ts';
import type { HostGuessKind } from '../../engine/netfilter/infer-host.ts';

export interface DumpStrings {
  title: string;
  openFile: string;
  dropHere: string;
  dropHint: string;
  empty: string;
  format: (f: string) => string;
  formats: Record<string, string>;
  stats: (rules: number, chains: number, lines: number) => string;
  parsedIn: (ms: number) => string;
  parsing: string;
  progress: (percent: number) => string;
  cancel: string;
  cancelled: string;
  parseAgain: string;
  failed: (why: string) => string;
  tabs: { chains: string; host: string; search: string; problems: (n: number) => string };
  table: string;
  filterChains: string;
  chainRows: (n: number) => string;
  policy: (p: string) => string;
  back: string;
  rulesOf: (table: string, chain: string) => string;
  noRules: string;
  showInText: string;
  heat: (packets: number) => string;
  counters: string;
  packets: string;
  unknownModules: string;
  unknownModule: (name: string, kind: string, rules: number) => string;
  /** the problems tab: problems grouped by kind */
  problems: {
    heading: (total: number, kinds: number) => string;
    count: (n: number) => string;
    first: (at: string) => string;
    showAll: (n: number) => string;
    hide: string;
    rowsOf: (n: number) => string;
  };
  host: {
    title: string;
    inferred: string;
    edited: string;
    reset: string;
    interfaces: string;
    name: string;
    addresses: string;
    addressesHint: string;
    addInterface: string;
    remove: (what: string) => string;
    routes: string;
    to: string;
    via: string;
    dev: string;
    addRoute: string;
    ipForward: string;
    why: string;
    guess: Record<HostGuessKind, (subject: string, value: string) => string>;
    atLine: (line: number) => string;
    invalid: string;
    warnings: {
      title: string;
      show: string;
      overlap: (
        a: string,
        aIf: string,
        b: string,
        bIf: string,
        net: string,
        winner: string,
      ) => string;
      podGuessed: (iface: string, address: string, net: string) => string;
      podAbsent: (uplink: string) => string;
      podRouted: (pattern: string, cidr: string, uplink: string) => string;
    };
  };
  search: {
    label: string;
    modes: { text: string; comment: string; reach: string };
    placeholder: { text: string; comment: string; reach: string };
    includeOpen: string;
    chains: (shown: number, total: number) => string;
    hits: (shown: number, total: number) => string;
    none: string;
    names: string;
    open: string;
  };
  /** while the full parse runs after the quick outline */
  loading: {
    stats: (rules: number, chains: number) => string;
    hint: string;
    /** a tab or mode that needs the full parse */
    later: (what: string) => string;
    laterTitle: string;
    /** the problems tab's name without its count */
    problems: string;
    reach: string;
  };
  /** the trace result's note when a guessed host fact decided it */
  facts: {
    title: string;
    check: string;
    address: (iface: string, address: string, by: 'route' | 'addrtype') => string;
    connected: (iface: string, address: string, net: string) => string;
    defaultRoute: (via: string, dev: string) => string;
    notLocal: (address: string) => string;
    forwarding: (on: boolean) => string;
  };
  ruleListTitle: string;
  bigChain: (n: number) => string;
  text: {
    /** what the light view of a big dump's text is, and how many lines it has */
    about: (mb: string) => string;
    edit: string;
    editTitle: string;
    close: string;
    closeTitle: string;
  };
}

const en: DumpStrings = {
  title: 'iptables dump',
  openFile: 'Open file…',
  dropHere: 'Drop the dump here',
  dropHint: 'Paste, drop a file on this pane, or open one.',
  empty: 'Paste what iptables-save (with or without -c), iptables -S or iptables -L -n -v printed.',
  format: (f) => `Format: ${f}`,
  formats: { save: 'iptables-save', S: 'iptables -S', L: 'iptables -L -n -v' },
  stats: (rules, chains, lines) =>
    `${rules.toLocaleString('en')} rules · ${chains.toLocaleString('en')} chains · ${lines.toLocaleString('en')} lines`,
  parsedIn: (ms) => `parsed in ${ms.toLocaleString('en')} ms`,
  parsing: 'Parsing in the worker…',
  progress: (p) => `${p}% read`,
  cancel: 'Cancel',
  cancelled: 'Parsing was cancelled. The text is kept.',
  parseAgain: 'Parse again',
  failed: (why) => `Parsing failed: ${why}`,
  tabs: {
    chains: 'Chains',
    host: 'Host',
    search: 'Search',
    problems: (n) => `Problems (${n.toLocaleString('en')})`,
  },
  table: 'Table',
  filterChains: 'Filter chains',
  chainRows: (n) => `${n.toLocaleString('en')} chains`,
  policy: (p) => `policy ${p}`,
  back: '← Chains',
  rulesOf: (table, chain) => `${table} / ${chain}`,
  noRules: 'No rules in this chain.',
  showInText: 'Show in the text',
  heat: (p) => `${p.toLocaleString('en')} packets`,
  counters: 'Counters',
  packets: 'packets',
  unknownModules:
    'Modules the engine does not know (kept verbatim; a trace says when it meets one):',
  unknownModule: (name, kind, rules) =>
    `${kind === 'target' ? 'target' : 'match'} ${name} — ${rules.toLocaleString('en')} rule${rules === 1 ? '' : 's'}`,
  problems: {
    heading: (total, kinds) =>
      `${total.toLocaleString('en')} problem${total === 1 ? '' : 's'}${kinds > 1 ? ` of ${kinds.toLocaleString('en')} kinds` : ''}`,
    count: (n) => `×${n.toLocaleString('en')}`,
    first: (at) => `first at ${at}`,
    showAll: (n) => `Show all ${n.toLocaleString('en')}`,
    hide: 'Hide',
    rowsOf: (n) => `${n.toLocaleString('en')} places with this problem`,
  },
  host: {
    title: 'The host the dump is traced on',
    inferred: 'Guessed from the rules. Edit anything that differs on your node.',
    edited: 'Edited by you.',
    reset: 'Back to the guess',
    interfaces: 'Interfaces',
    name: 'Name',
    addresses: 'Addresses',
    addressesHint: 'comma-separated, e.g. 10.0.0.5/24',
    addInterface: 'Add interface',
    remove: (what) => `Remove ${what}`,
    routes: 'Routes',
    to: 'To',
    via: 'Via',
    dev: 'Device',
    addRoute: 'Add route',
    ipForward: 'ip_forward (the node routes packets between interfaces)',
    why: 'Why these guesses',
    guess: {
      'nodeport-address': (s, v) => `${v} on ${s}: kube-proxy accepts NodePorts on this address`,
      'local-address': (s, v) => `${v} on ${s}: a rule matches it as a local destination`,
      'apiserver-endpoint': (s, v) =>
        `${v} on ${s}: the API server's endpoint, a control-plane node; change it if this node is a worker`,
      'placeholder-address': (s, v) =>
        `${v} on ${s}: no rule names this node's address; a stand-in`,
      'placeholder-uplink': (s) => `${s}: no rule names the uplink; a stand-in`,
      'named-interface': (s) => `${s}: named by -i/-o; its address is unknown`,
      'masquerade-bridge': (s, v) =>
        `${v} on ${s}: its subnet is masqueraded when leaving by another interface`,
      'docker-default': (s, v) => `${v} on ${s}: Docker's default bridge subnet`,
      'pod-cidr': (s, v) => `${v} on ${s}: this node's share of the pod CIDR the rules masquerade`,
      'pod-cidr-routed': (s, v) =>
        `${v ? `pod CIDR ${v}` : 'pods'}: behind ${s} interfaces (Calico), one per pod, not a bridge; none is listed`,
      'no-pod-network': () => 'no pod network: the rules are Kubernetes’ but name no pod CIDR',
      'interface-subnet': (s, v) => `${v} on ${s}: a subnet the rules tie to this interface`,
      'interface-pattern': (s) => `${s}: interfaces that come and go (one per pod or container)`,
      'default-route': (_s, v) => `default route ${v}: the first address of the uplink's subnet`,
      forwarding: () => 'ip_forward on: the dump forwards or DNATs packets',
      'no-forwarding': () => 'ip_forward off: nothing in the dump forwards packets',
    },
    atLine: (line) => `line ${line}`,
    invalid: 'The host has errors; traces use it once they are fixed.',
    warnings: {
      title: 'Check these',
      show: 'Show',
      overlap: (a, aIf, b, bIf, net, winner) =>
        `${a} on ${aIf} and ${b} on ${bIf} overlap: packets to ${net} leave by ${winner} only, so the other interface never gets them. Check which interface really has this network.`,
      podGuessed: (iface, address, net) =>
        `The pod network is guessed: ${address} on ${iface}. Packets to ${net} are delivered to pods on this node through ${iface}; the rest of the pod CIDR goes by the default route. If this node's pods are in another range, change it; if it runs no pods, remove it.`,
      podAbsent: (uplink) =>
        `No pod network was guessed: the rules are Kubernetes’ but name no pod CIDR. Packets to pod addresses follow the default route out of ${uplink}, so a Service DNATed to a pod on this node is traced as leaving the node. If this node runs pods, add their bridge and its address (e.g. cni0 with 10.244.0.1/24).`,
      podRouted: (pattern, cidr, uplink) =>
        `Pods${cidr ? ` (${cidr})` : ''} sit behind ${pattern} interfaces, one per pod, which are not listed: packets to a pod follow the default route out of ${uplink} instead. To trace to a pod on this node, add a route to its address by its cali interface.`,
    },
  },
  search: {
    label: 'Search the dump',
    modes: { text: 'Text', comment: 'Comment', reach: 'Address / port' },
    placeholder: {
      text: 'chain name or words in a rule',
      comment: 'a Service, e.g. shop/frontend',
      reach: '10.96.0.10, 10.96.0.10:53 or :53',
    },
    includeOpen: 'also rules that do not rule it out',
    chains: (shown, total) =>
      shown === total
        ? `${total.toLocaleString('en')} chains`
        : `${shown.toLocaleString('en')} of ${total.toLocaleString('en')} chains`,
    hits: (shown, total) =>
      shown === total
        ? `${total.toLocaleString('en')} rules`
        : `${shown.toLocaleString('en')} of ${total.toLocaleString('en')} rules`,
    none: 'Nothing found.',
    names: 'names it',
    open: 'does not rule it out',
  },
  loading: {
    stats: (rules, chains) =>
      `${rules.toLocaleString('en')} rules · ${chains.toLocaleString('en')} chains found`,
    hint: 'The chains are listed and open now; tracing, the host and the problems come when the parse ends.',
    later: (what) => `${what} (loading…)`,
    laterTitle: 'Ready when the parse ends',
    problems: 'Problems',
    reach: 'Address and port search is ready when the parse ends; your query is kept.',
  },
  facts: {
    title: 'Decided by a guessed fact — check it:',
    check: 'Check in the Host tab',
    address: (iface, address, by) =>
      `${iface} has ${address}${by === 'route' ? ' (so the packet is for this host)' : ' (so -m addrtype counts it as local)'}`,
    connected: (iface, address, net) =>
      `${iface} has ${address} (so packets to ${net} leave by ${iface})`,
    defaultRoute: (via, dev) =>
      `the default route is via ${via} dev ${dev} (the packet leaves by it)`,
    notLocal: (address) =>
      `${address} is none of this host's addresses (so -m addrtype does not count it as local)`,
    forwarding: (on) =>
      on
        ? 'ip_forward is on (the node forwards the packet)'
        : 'ip_forward is off (the node drops what it would forward)',
  },
  ruleListTitle: 'Rules',
  bigChain: (n) => `${n.toLocaleString('en')} rules: shown as a scrolling list`,
  text: {
    about: (mb) => `${mb} MB of text: shown read-only so the page stays quick.`,
    edit: 'Edit text',
    editTitle: 'Open the text in the editor (a text this long takes the editor a few seconds)',
    close: 'Close editor',
    closeTitle: 'Back to the quick read-only view (your edits are kept)',
  },
};

const ko: DumpStrings = {
  title: 'iptables 덤프',
  openFile: '파일 열기…',
  dropHere: '여기에 덤프를 놓으세요',
  dropHint: '붙여넣거나, 이 영역에 파일을 끌어다 놓거나, 파일을 여세요.',
  empty: 'iptables-save(-c 포함 또는 제외), iptables -S, iptables -L -n -v 의 출력을 붙여넣으세요.',
  format: (f) => `형식: ${f}`,
  formats: { save: 'iptables-save', S: 'iptables -S', L: 'iptables -L -n -v' },
  stats: (rules, chains, lines) =>
    `규칙 ${rules.toLocaleString('ko')}개 · 체인 ${chains.toLocaleString('ko')}개 · ${lines.toLocaleString('ko')}줄`,
  parsedIn: (ms) => `${ms.toLocaleString('ko')} ms 만에 파싱`,
  parsing: '워커에서 파싱하는 중…',
  progress: (p) => `${p}% 읽음`,
  cancel: '취소',
  cancelled: '파싱을 취소했습니다. 텍스트는 그대로 있습니다.',
  parseAgain: '다시 파싱',
  failed: (why) => `파싱 실패: ${why}`,
  tabs: {
    chains: '체인',
    host: '호스트',
    search: '검색',
    problems: (n) => `문제 (${n.toLocaleString('ko')})`,
  },
  table: '테이블',
  filterChains: '체인 거르기',
  chainRows: (n) => `체인 ${n.toLocaleString('ko')}개`,
  policy: (p) => `정책 ${p}`,
  back: '← 체인 목록',
  rulesOf: (table, chain) => `${table} / ${chain}`,
  noRules: '이 체인에는 규칙이 없습니다.',
  showInText: '텍스트에서 보기',
  heat: (p) => `패킷 ${p.toLocaleString('ko')}개`,
  counters: '카운터',
  packets: '패킷',
  unknownModules: '엔진이 모르는 모듈 (원문 그대로 보관하며, 추적 중 만나면 알려 줍니다):',
  unknownModule: (name, kind, rules) =>
    `${kind === 'target' ? '타깃' : '매치'} ${name} — 규칙 ${rules.toLocaleString('ko')}개`,
  problems: {
    heading: (total, kinds) =>
      `문제 ${total.toLocaleString('ko')}개${kinds > 1 ? ` (${kinds.toLocaleString('ko')}종류)` : ''}`,
    count: (n) => `×${n.toLocaleString('ko')}`,
    first: (at) => `처음: ${at}`,
    showAll: (n) => `${n.toLocaleString('ko')}개 모두 보기`,
    hide: '접기',
    rowsOf: (n) => `이 문제가 있는 곳 ${n.toLocaleString('ko')}군데`,
  },
  host: {
    title: '덤프를 추적할 호스트',
    inferred: '규칙에서 추측했습니다. 실제 노드와 다른 부분은 고치세요.',
    edited: '직접 고친 호스트입니다.',
    reset: '추측으로 되돌리기',
    interfaces: '인터페이스',
    name: '이름',
    addresses: '주소',
    addressesHint: '쉼표로 구분, 예: 10.0.0.5/24',
    addInterface: '인터페이스 추가',
    remove: (what) => `${what} 삭제`,
    routes: '경로',
    to: '목적지',
    via: '게이트웨이',
    dev: '장치',
    addRoute: '경로 추가',
    ipForward: 'ip_forward (노드가 인터페이스 사이로 패킷을 라우팅함)',
    why: '이렇게 추측한 이유',
    guess: {
      'nodeport-address': (s, v) => `${s}의 ${v}: kube-proxy가 이 주소로 NodePort를 받습니다`,
      'local-address': (s, v) => `${s}의 ${v}: 규칙이 이 주소를 로컬 목적지로 매치합니다`,
      'apiserver-endpoint': (s, v) =>
        `${s}의 ${v}: API 서버 엔드포인트(컨트롤 플레인 노드)입니다. 이 노드가 워커라면 바꾸세요`,
      'placeholder-address': (s, v) =>
        `${s}의 ${v}: 노드 주소를 적은 규칙이 없어 임시로 넣었습니다`,
      'placeholder-uplink': (s) => `${s}: 업링크를 적은 규칙이 없어 임시로 넣었습니다`,
      'named-interface': (s) => `${s}: -i/-o 로 이름이 나옵니다. 주소는 알 수 없습니다`,
      'masquerade-bridge': (s, v) =>
        `${s}의 ${v}: 이 서브넷이 다른 인터페이스로 나갈 때 마스커레이드됩니다`,
      'docker-default': (s, v) => `${s}의 ${v}: Docker 기본 브리지 서브넷`,
      'pod-cidr': (s, v) => `${s}의 ${v}: 규칙이 마스커레이드하는 파드 CIDR 중 이 노드 몫`,
      'pod-cidr-routed': (s, v) =>
        `${v ? `파드 CIDR ${v}` : '파드'}: 파드마다 브리지 대신 ${s} 인터페이스가 하나씩 붙습니다(Calico). 목록에는 넣지 않았습니다`,
      'no-pod-network': () =>
        '파드 네트워크 없음: 쿠버네티스 규칙이지만 파드 CIDR을 적은 규칙이 없습니다',
      'interface-subnet': (s, v) => `${s}의 ${v}: 규칙이 이 인터페이스와 함께 적은 서브넷`,
      'interface-pattern': (s) => `${s}: 파드나 컨테이너마다 생기고 사라지는 인터페이스`,
      'default-route': (_s, v) => `기본 경로 ${v}: 업링크 서브넷의 첫 주소`,
      forwarding: () => 'ip_forward 켬: 덤프가 패킷을 포워딩하거나 DNAT합니다',
      'no-forwarding': () => 'ip_forward 끔: 덤프에 포워딩 규칙이 없습니다',
    },
    atLine: (line) => `${line}번째 줄`,
    invalid: '호스트에 오류가 있습니다. 고치면 추적에 쓰입니다.',
    warnings: {
      title: '확인해 주세요',
      show: '보기',
      overlap: (a, aIf, b, bIf, net, winner) =>
        `${aIf}의 ${a}와 ${bIf}의 ${b}가 겹칩니다: ${net}로 가는 패킷은 ${winner}로만 나가고, 다른 인터페이스로는 가지 않습니다. 이 네트워크가 실제로 어느 인터페이스에 있는지 확인하세요.`,
      podGuessed: (iface, address, net) =>
        `파드 네트워크는 추측한 값입니다: ${iface}의 ${address}. ${net}로 가는 패킷은 ${iface}를 거쳐 이 노드의 파드로 전달되고, 파드 CIDR의 나머지는 기본 경로로 나갑니다. 이 노드의 파드가 다른 대역이면 고치고, 파드가 없으면 지우세요.`,
      podAbsent: (uplink) =>
        `파드 네트워크를 찾지 못했습니다: 쿠버네티스 규칙인데 파드 CIDR을 적은 규칙이 없습니다. 파드 주소로 가는 패킷은 기본 경로를 따라 ${uplink}로 나가므로, 이 노드의 파드로 DNAT된 서비스 패킷도 노드 밖으로 나가는 것으로 추적됩니다. 이 노드에 파드가 있다면 파드 브리지와 주소를 추가하세요(예: cni0, 10.244.0.1/24).`,
      podRouted: (pattern, cidr, uplink) =>
        `파드${cidr ? `(${cidr})` : ''}는 파드마다 하나씩 생기는 ${pattern} 인터페이스 뒤에 있고, 목록에는 없습니다: 파드로 가는 패킷은 대신 기본 경로를 따라 ${uplink}로 나갑니다. 이 노드의 파드까지 추적하려면 그 파드 주소로 가는 경로를 cali 인터페이스로 추가하세요.`,
    },
  },
  search: {
    label: '덤프 검색',
    modes: { text: '텍스트', comment: '주석', reach: '주소 / 포트' },
    placeholder: {
      text: '체인 이름이나 규칙 속 단어',
      comment: '서비스 이름, 예: shop/frontend',
      reach: '10.96.0.10, 10.96.0.10:53 또는 :53',
    },
    includeOpen: '배제하지 않는 규칙도 포함',
    chains: (shown, total) =>
      shown === total
        ? `체인 ${total.toLocaleString('ko')}개`
        : `체인 ${total.toLocaleString('ko')}개 중 ${shown.toLocaleString('ko')}개`,
    hits: (shown, total) =>
      shown === total
        ? `규칙 ${total.toLocaleString('ko')}개`
        : `규칙 ${total.toLocaleString('ko')}개 중 ${shown.toLocaleString('ko')}개`,
    none: '찾은 것이 없습니다.',
    names: '직접 지정',
    open: '배제하지 않음',
  },
  loading: {
    stats: (rules, chains) =>
      `규칙 ${rules.toLocaleString('ko')}개 · 체인 ${chains.toLocaleString('ko')}개 찾음`,
    hint: '체인 목록은 지금 열어 볼 수 있습니다. 추적, 호스트, 문제 목록은 파싱이 끝나면 나옵니다.',
    later: (what) => `${what} (불러오는 중…)`,
    laterTitle: '파싱이 끝나면 쓸 수 있습니다',
    problems: '문제',
    reach: '주소·포트 검색은 파싱이 끝나면 됩니다. 입력한 검색어는 그대로 둡니다.',
  },
  facts: {
    title: '추측한 값이 결과를 정했습니다. 확인해 주세요:',
    check: '호스트 탭에서 확인',
    address: (iface, address, by) =>
      `${iface}의 주소는 ${address}${by === 'route' ? ' (그래서 패킷이 이 호스트로 전달됨)' : ' (그래서 -m addrtype이 로컬 주소로 봄)'}`,
    connected: (iface, address, net) =>
      `${iface}의 주소는 ${address} (그래서 ${net}로 가는 패킷은 ${iface}로 나감)`,
    defaultRoute: (via, dev) => `기본 경로는 ${via} 경유 ${dev} (패킷이 이 경로로 나감)`,
    notLocal: (address) =>
      `${address}는 이 호스트의 주소가 아님 (그래서 -m addrtype이 로컬 주소로 보지 않음)`,
    forwarding: (on) =>
      on ? 'ip_forward 켬 (노드가 패킷을 포워딩함)' : 'ip_forward 끔 (포워딩할 패킷을 노드가 버림)',
  },
  ruleListTitle: '규칙',
  bigChain: (n) => `규칙 ${n.toLocaleString('ko')}개: 스크롤 목록으로 보여 줍니다`,
  text: {
    about: (mb) => `텍스트 ${mb} MB: 페이지가 느려지지 않도록 읽기 전용으로 보여 줍니다.`,
    edit: '텍스트 편집',
    editTitle: '편집기에서 텍스트를 엽니다 (이만큼 긴 텍스트는 여는 데 몇 초 걸립니다)',
    close: '편집기 닫기',
    closeTitle: '빠른 읽기 전용 보기로 돌아갑니다 (편집한 내용은 그대로 남습니다)',
  },
};

export const dumpStrings: Record<Lang, DumpStrings> = { en, ko };
