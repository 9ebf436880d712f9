/** The partial-sync strip's words, in English and Korean. */
import type { Lang } from '../i18n/index.ts';

export interface SyncStrings {
  title: string;
  waiting: string;
  working: string;
  summary: (rewritten: number, deleted: number) => string;
  nothing: string;
  noNode: (node: string) => string;
  changed: string;
  removed: string;
  rewritten: string;
  deleted: string;
  fixed: string;
}

const chains = (n: number): string => `${n} chain${n === 1 ? '' : 's'}`;

const en: SyncStrings = {
  title: 'kube-proxy’s next sync',
  waiting:
    'Edit the YAML: this shows which chains kube-proxy’s partial sync would write again and which it would delete.',
  working: 'Working out the partial sync…',
  summary: (r, d) => `After your last edit: rewrites ${chains(r)}, deletes ${chains(d)}`,
  nothing:
    'Your last edit changed nothing kube-proxy reads for this node: no Service chain is written again.',
  noNode: (node) =>
    `Node ${node} was not in the previous version, so kube-proxy there would start with a full sync.`,
  changed: 'Services changed',
  removed: 'Services removed',
  rewritten: 'Flushed and written again',
  deleted: 'Flushed and deleted (-X)',
  fixed:
    'The filter chains and KUBE-SERVICES, KUBE-NODEPORTS, KUBE-POSTROUTING and KUBE-MARK-MASQ are written whole on every sync; the other Services’ chains stay in the kernel as they are.',
};

const ko: SyncStrings = {
  title: 'kube-proxy의 다음 동기화',
  waiting:
    'YAML을 고쳐 보세요. kube-proxy가 부분 동기화에서 다시 쓸 체인과 지울 체인을 여기에 보여 줍니다.',
  working: '부분 동기화를 계산하는 중…',
  summary: (r, d) => `마지막 수정 뒤: 체인 ${r}개를 다시 쓰고 ${d}개를 지웁니다`,
  nothing:
    '마지막 수정은 이 노드의 kube-proxy가 읽는 내용을 바꾸지 않았습니다. 다시 쓰는 서비스 체인이 없습니다.',
  noNode: (node) =>
    `이전 버전에는 ${node} 노드가 없었으므로, 그 노드의 kube-proxy는 전체 동기화부터 합니다.`,
  changed: '바뀐 서비스',
  removed: '사라진 서비스',
  rewritten: '비우고 다시 쓰는 체인',
  deleted: '비우고 지우는 체인 (-X)',
  fixed:
    'filter 체인과 KUBE-SERVICES, KUBE-NODEPORTS, KUBE-POSTROUTING, KUBE-MARK-MASQ는 동기화할 때마다 통째로 다시 씁니다. 다른 서비스의 체인은 커널에 있는 그대로 둡니다.',
};

export const syncStrings: Record<Lang, SyncStrings> = { en, ko };
