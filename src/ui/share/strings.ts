/** The share menu's words, in English and Korean. */
import type { Expected, ShareError } from '../../engine/scenario/doc.ts';

export interface ShareStrings {
  menu: string;
  menuLabel: string;
  groupShare: string;
  copyLink: string;
  saveFile: string;
  openFile: string;
  groupExport: string;
  diagramSvg: string;
  diagramPng: string;
  graphSvg: string;
  graphPng: string;
  traceJson: string;
  groupWork: string;
  reset: string;
  linkCopied: string;
  linkShown: string;
  linkField: string;
  tooLong: (chars: number, limit: number) => string;
  download: string;
  exported: (file: string) => string;
  exportFailed: string;
  noTrace: string;
  storageFull: string;
  undone: Record<'reset' | 'link' | 'file' | 'example', string>;
  undo: string;
  dismiss: string;
  askTitle: Record<'link' | 'file', string>;
  askBody: Record<'cluster' | 'dump', string>;
  askKeptNote: string;
  openIt: string;
  keepMine: string;
  errorTitle: Record<'link' | 'file', string>;
  error: (e: ShareError) => string;
  workSafe: string;
  dumpLinkTitle: string;
  dumpLinkBody: (lines: number, kb: number) => string;
  dumpLinkWithout: string;
  dumpLinkWith: string;
  dumpLinkCancel: string;
  linkWithoutDump: string;
  openedWithoutDump: string;
  openedWithoutDumpOwn: string;
}

const MB = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

function expectedEn(e: Expected): string {
  switch (e.kind) {
    case 'object':
      return 'an object';
    case 'boolean':
      return 'true or false';
    case 'string':
      return `text of at most ${e.max.toLocaleString('en')} characters`;
    case 'int':
      return `a whole number from ${e.min} to ${e.max}`;
    case 'one-of':
      return `one of ${e.values.join(', ')}`;
    case 'json':
      return `plain data nested at most ${e.depth} deep, with at most ${e.values.toLocaleString('en')} values`;
    case 'present':
      return 'present';
  }
}

function expectedKo(e: Expected): string {
  switch (e.kind) {
    case 'object':
      return '객체';
    case 'boolean':
      return 'true 또는 false';
    case 'string':
      return `${e.max.toLocaleString('ko')}자 이하의 텍스트`;
    case 'int':
      return `${e.min}부터 ${e.max}까지의 정수`;
    case 'one-of':
      return `${e.values.join(', ')} 중 하나`;
    case 'json':
      return `깊이 ${e.depth} 이하, 값 ${e.values.toLocaleString('ko')}개 이하의 일반 데이터`;
    case 'present':
      return '반드시 있어야 하는 값';
  }
}

const en: ShareStrings = {
  menu: 'Share',
  menuLabel: 'Share, export and reset',
  groupShare: 'Share',
  copyLink: 'Copy link',
  saveFile: 'Save scenario file (.json)',
  openFile: 'Open scenario file…',
  groupExport: 'Export',
  diagramSvg: 'Netfilter diagram as SVG',
  diagramPng: 'Netfilter diagram as PNG',
  graphSvg: 'Chain graph as SVG',
  graphPng: 'Chain graph as PNG',
  traceJson: 'Trace as JSON',
  groupWork: 'Your work',
  reset: 'Reset to example',
  linkCopied: 'Link copied. It opens this scenario at this step.',
  linkShown: 'Copy this link (the clipboard was not available):',
  linkField: 'Share link',
  tooLong: (chars, limit) =>
    `This scenario is too big for a link (${chars.toLocaleString('en')} characters; links stay under ${limit.toLocaleString('en')}). Save it as a file and share that instead.`,
  download: 'Save as file',
  exported: (file) => `Saved ${file}.`,
  exportFailed: 'The export failed. The view may still be drawing; try again in a moment.',
  noTrace: 'There is no trace to export yet: send a packet first.',
  storageFull:
    'Your work is too big for this browser’s storage, so it is not kept across reloads. Save it as a file.',
  undone: {
    reset: 'The example is back.',
    link: 'Opened the shared scenario.',
    file: 'Opened the scenario file.',
    example: 'Opened the example. Undo brings back what you had.',
  },
  undo: 'Undo',
  dismiss: 'Dismiss',
  askTitle: { link: 'Open the shared link?', file: 'Open the scenario file?' },
  askBody: {
    cluster: 'It brings its own cluster YAML, which would replace the YAML you have been editing.',
    dump: 'It brings its own iptables dump, which would replace the dump you have been editing.',
  },
  askKeptNote: 'If you open it, Undo brings your work back.',
  openIt: 'Open it',
  keepMine: 'Keep my work',
  errorTitle: {
    link: 'This link could not be opened.',
    file: 'This file could not be opened.',
  },
  error: (e) => {
    switch (e.code) {
      case 'too-long':
        return `The link is longer than ${(e.limit ?? 0).toLocaleString('en')} characters.`;
      case 'not-base64':
        return 'It has characters a scenario link never contains; it may have been cut or mangled when copied.';
      case 'inflate':
        return 'Its data is damaged or cut off; it may be missing its end. Copy the whole link again.';
      case 'too-big':
        return `Its data unpacks to more than ${MB(e.limit ?? 0)}, which is more than a link may carry.`;
      case 'not-text':
        return 'Its data is not text.';
      case 'not-json':
        return 'Its data is not a scenario (not valid JSON).';
      case 'no-version':
        return 'It is not a Netfilter Lab scenario (it has no version).';
      case 'future-version':
        return `It was made by a newer Netfilter Lab (scenario format ${e.version}); this one reads format 1. Reload to get the newest version of the app.`;
      case 'schema':
        return `The field “${e.path}” should be ${expectedEn(e.expected)}.`;
      case 'file-too-big':
        return `The file is bigger than ${MB(e.limit ?? 0)}.`;
      case 'file-read':
        return 'The browser could not read the file.';
    }
  },
  workSafe: 'Your own work is unchanged.',
  dumpLinkTitle: 'Share the dump too?',
  dumpLinkBody: (lines, kb) =>
    `A link with the dump carries all of it (${lines.toLocaleString('en')} lines, about ${kb.toLocaleString('en')} KB): anyone who opens it can read every rule, address and comment of this node. Without the dump, the link carries the packet, the host and the view; whoever opens it traces them through a dump of their own.`,
  dumpLinkWithout: 'Copy link without the dump',
  dumpLinkWith: 'Copy link with the dump',
  dumpLinkCancel: 'Cancel',
  linkWithoutDump:
    'The link leaves the dump out: whoever opens it pastes their own rules and keeps the packet and host.',
  openedWithoutDump:
    'This link leaves its dump out. Paste, drop or open the node’s rules (iptables-save) to trace its packet.',
  openedWithoutDumpOwn:
    'This link leaves its dump out: its packet and host are traced through the dump you already had.',
};

const ko: ShareStrings = {
  menu: '공유',
  menuLabel: '공유, 내보내기, 초기화',
  groupShare: '공유',
  copyLink: '링크 복사',
  saveFile: '시나리오 파일로 저장 (.json)',
  openFile: '시나리오 파일 열기…',
  groupExport: '내보내기',
  diagramSvg: 'netfilter 다이어그램 SVG',
  diagramPng: 'netfilter 다이어그램 PNG',
  graphSvg: '체인 그래프 SVG',
  graphPng: '체인 그래프 PNG',
  traceJson: '추적 결과 JSON',
  groupWork: '내 작업',
  reset: '예제로 되돌리기',
  linkCopied: '링크를 복사했습니다. 이 시나리오를 지금 단계 그대로 엽니다.',
  linkShown: '아래 링크를 복사하세요 (클립보드를 쓸 수 없었습니다):',
  linkField: '공유 링크',
  tooLong: (chars, limit) =>
    `이 시나리오는 링크로 담기에 너무 큽니다 (${chars.toLocaleString('ko')}자, 링크는 ${limit.toLocaleString('ko')}자 이하). 파일로 저장해서 공유하세요.`,
  download: '파일로 저장',
  exported: (file) => `${file} 파일을 저장했습니다.`,
  exportFailed:
    '내보내기에 실패했습니다. 그림을 아직 그리는 중일 수 있으니 잠시 후 다시 해 보세요.',
  noTrace: '내보낼 추적 결과가 아직 없습니다. 먼저 패킷을 보내세요.',
  storageFull:
    '작업이 브라우저 저장 공간보다 커서 새로 고침하면 남지 않습니다. 파일로 저장해 두세요.',
  undone: {
    reset: '예제로 되돌렸습니다.',
    link: '공유된 시나리오를 열었습니다.',
    file: '시나리오 파일을 열었습니다.',
    example: '예제를 열었습니다. 실행 취소하면 이전 작업으로 돌아갑니다.',
  },
  undo: '실행 취소',
  dismiss: '닫기',
  askTitle: { link: '공유 링크를 열까요?', file: '시나리오 파일을 열까요?' },
  askBody: {
    cluster: '열려는 시나리오의 클러스터 YAML이 지금 편집 중인 YAML을 대신하게 됩니다.',
    dump: '열려는 시나리오의 iptables 덤프가 지금 편집 중인 덤프를 대신하게 됩니다.',
  },
  askKeptNote: '열더라도 실행 취소로 지금 작업을 되살릴 수 있습니다.',
  openIt: '열기',
  keepMine: '내 작업 유지',
  errorTitle: {
    link: '이 링크를 열 수 없습니다.',
    file: '이 파일을 열 수 없습니다.',
  },
  error: (e) => {
    switch (e.code) {
      case 'too-long':
        return `링크가 ${(e.limit ?? 0).toLocaleString('ko')}자보다 깁니다.`;
      case 'not-base64':
        return '시나리오 링크에 나올 수 없는 문자가 들어 있습니다. 복사하다가 잘리거나 바뀌었을 수 있습니다.';
      case 'inflate':
        return '데이터가 손상되었거나 잘렸습니다. 끝부분이 빠졌을 수 있으니 링크 전체를 다시 복사하세요.';
      case 'too-big':
        return `데이터를 풀면 ${MB(e.limit ?? 0)}를 넘습니다. 링크에 담을 수 있는 양보다 많습니다.`;
      case 'not-text':
        return '데이터가 텍스트가 아닙니다.';
      case 'not-json':
        return '데이터가 시나리오가 아닙니다 (올바른 JSON이 아님).';
      case 'no-version':
        return 'Netfilter Lab 시나리오가 아닙니다 (버전 정보가 없음).';
      case 'future-version':
        return `더 새로운 Netfilter Lab에서 만든 링크입니다 (시나리오 형식 ${e.version}). 이 앱은 형식 1까지 읽습니다. 새로 고침해서 최신 앱을 받으세요.`;
      case 'schema':
        return `“${e.path}” 항목이 잘못되었습니다. 필요한 값: ${expectedKo(e.expected)}.`;
      case 'file-too-big':
        return `파일이 ${MB(e.limit ?? 0)}보다 큽니다.`;
      case 'file-read':
        return '브라우저가 파일을 읽지 못했습니다.';
    }
  },
  workSafe: '내 작업은 그대로입니다.',
  dumpLinkTitle: '덤프도 함께 공유할까요?',
  dumpLinkBody: (lines, kb) =>
    `덤프를 넣은 링크에는 덤프 전체(${lines.toLocaleString('ko')}줄, 약 ${kb.toLocaleString('ko')}KB)가 담깁니다. 링크를 여는 사람은 이 노드의 규칙, 주소, 주석을 모두 볼 수 있습니다. 덤프를 빼면 패킷, 호스트, 화면 설정만 담기고, 받는 사람은 자기 덤프로 같은 패킷을 추적합니다.`,
  dumpLinkWithout: '덤프 없이 링크 복사',
  dumpLinkWith: '덤프를 넣어 링크 복사',
  dumpLinkCancel: '취소',
  linkWithoutDump:
    '이 링크에는 덤프가 없습니다. 받는 사람이 자기 규칙을 붙여 넣으면 패킷과 호스트 설정은 그대로 쓰입니다.',
  openedWithoutDump:
    '이 링크에는 덤프가 빠져 있습니다. 노드의 규칙(iptables-save 출력)을 붙여 넣거나 끌어다 놓거나 파일로 열면 링크의 패킷을 추적합니다.',
  openedWithoutDumpOwn:
    '이 링크에는 덤프가 빠져 있어서, 링크의 패킷과 호스트 설정을 지금 가진 덤프로 추적합니다.',
};

export const strings: { en: ShareStrings; ko: ShareStrings } = { en, ko };
