/** The version comparison's words, in English and Korean. */
import type { Lang } from '../i18n/index.ts';

export interface VersionStrings {
  /** the release a cluster is compiled as, shown in the rules panel's head */
  badge: (version: string) => string;
  badgeTitle: string;
  compare: string;
  compareTitle: string;
  left: string;
  right: string;
  release: (version: string) => string;
  summary: (onlyLeft: number, onlyRight: number, left: string, right: string) => string;
  same: string;
  folded: (n: number) => string;
  compiling: string;
  noNode: (node: string) => string;
  hint: string;
  /** said while the ip6tables rules are on screen */
  ipv4Only: string;
}

const release = (v: string): string => (v === 'current' ? 'v1.28+' : `v${v}`);

const en: VersionStrings = {
  badge: (v) => `kube-proxy ${release(v)}`,
  badgeTitle:
    'The kube-proxy release the rules are written for (kubeProxyVersion in the Cluster document)',
  compare: 'Compare versions',
  compareTitle: 'The same cluster as two kube-proxy releases write it, side by side',
  left: 'Left',
  right: 'Right',
  release: (v) => (v === 'current' ? 'v1.28 and later' : `v${v}`),
  summary: (l, r, left, right) =>
    `${l} line${l === 1 ? '' : 's'} only in ${left}, ${r} only in ${right}`,
  same: 'Both releases write exactly the same rules for this node.',
  folded: (n) => `… ${n} unchanged line${n === 1 ? '' : 's'}`,
  compiling: 'Compiling both versions…',
  noNode: (node) => `Node ${node} is not in the compiled cluster.`,
  hint: 'Up to v1.23 kube-proxy used KUBE-XLB and KUBE-MARK-DROP; v1.24 brought KUBE-EXT and KUBE-SVL.',
  ipv4Only:
    'The older layouts are modelled for the iptables (IPv4) rules only, so this compares the node’s IPv4 rules, not the ip6tables rules on screen.',
};

const ko: VersionStrings = {
  badge: (v) => `kube-proxy ${release(v)}`,
  badgeTitle: '규칙을 쓴 kube-proxy 버전 (Cluster 문서의 kubeProxyVersion)',
  compare: '버전 비교',
  compareTitle: '같은 클러스터를 kube-proxy 두 버전이 쓴 규칙을 나란히 봅니다',
  left: '왼쪽',
  right: '오른쪽',
  release: (v) => (v === 'current' ? 'v1.28 이후' : `v${v}`),
  summary: (l, r, left, right) => `${left}에만 있는 줄 ${l}개, ${right}에만 있는 줄 ${r}개`,
  same: '이 노드에서는 두 버전이 똑같은 규칙을 씁니다.',
  folded: (n) => `… 같은 줄 ${n}개`,
  compiling: '두 버전을 컴파일하는 중…',
  noNode: (node) => `컴파일한 클러스터에 ${node} 노드가 없습니다.`,
  hint: 'v1.23까지는 KUBE-XLB와 KUBE-MARK-DROP을 썼고, v1.24부터 KUBE-EXT와 KUBE-SVL을 씁니다.',
  ipv4Only:
    '예전 버전의 규칙 모양은 iptables(IPv4) 규칙에만 모델링되어 있습니다. 그래서 여기서는 화면의 ip6tables 규칙이 아니라 이 노드의 IPv4 규칙을 비교합니다.',
};

export const versionStrings: Record<Lang, VersionStrings> = { en, ko };
