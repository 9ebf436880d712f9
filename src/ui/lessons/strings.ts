/**
 * The lesson mode's own words (buttons, verdicts, notices), in English and Korean. The lessons'
 * texts are not here: they come from the lesson files, both languages in one file. Korean uses
 * 해요체, the register of the lessons it sits beside.
 */
import type { Lang } from '../i18n/index.ts';
import type { LinkError } from './lesson-link.ts';
import type { ProgressError } from './progress.ts';

export interface LessonStrings {
  open: string;
  openTitle: string;
  indexTitle: string;
  indexIntro: string;
  close: string;
  minutes: (n: number) => string;
  steps: (n: number) => string;
  seeds: (list: string) => string;
  done: string;
  inProgress: (step: number, steps: number) => string;
  notStarted: string;
  start: string;
  continue: string;
  again: string;
  review: (n: number) => string;
  reviewTitle: string;
  requires: (list: string) => string;
  loading: string;
  loadFailed: (why: string) => string;
  exportProgress: string;
  importProgress: string;
  exported: (file: string) => string;
  imported: (n: number) => string;
  importRefused: (e: ProgressError) => string;
  progressKept: string;
  unsaved: string;
  stepOf: (step: number, steps: number) => string;
  back: string;
  next: string;
  finish: string;
  resetStep: string;
  resetLesson: string;
  resetLessonConfirm: string;
  exit: string;
  exitTitle: string;
  copyStepLink: string;
  stepLinkCopied: string;
  stepLinkField: string;
  goal: string;
  check: string;
  answer: string;
  correct: string;
  wrong: string;
  got: (got: string, expected: string) => string;
  gotOnly: (got: string) => string;
  needHint: string;
  hint: string;
  hintOf: (n: number, total: number) => string;
  noMoreHints: string;
  showMe: string;
  showMeConfirm: string;
  showMeYes: string;
  showMeNo: string;
  shownNotSolved: string;
  numberLabel: string;
  orderHelp: string;
  orderAdd: string;
  orderChosen: string;
  remove: (item: string) => string;
  clear: string;
  moveUp: (item: string) => string;
  moveDown: (item: string) => string;
  pickHelp: string;
  picked: (what: string) => string;
  fallThrough: string;
  actionSend: string;
  actionStep: string;
  actionEdit: string;
  actionRead: string;
  actionEditRules: string;
  actionPaste: string;
  actionToggle: string;
  actionSample: string;
  backend: string;
  sample: (n: number) => string;
  sendPacket: string;
  answerFirst: string;
  focusHere: string;
  restartedNotice: string;
  dismiss: string;
  finished: string;
  finishedBody: string;
  recap: string;
  toIndex: string;
  askTitle: string;
  askBody: (title: string, step: number, mine: number) => string;
  openShared: string;
  continueMine: string;
  linkError: (e: LinkError) => string;
  linkErrorTitle: string;
  offerIndex: string;
  missingLanguage: string;
  workKept: string;
}

const en: LessonStrings = {
  open: 'Lessons',
  openTitle: 'Guided lessons: predict, then watch the engine answer',
  indexTitle: 'Lessons',
  indexIntro:
    'Each lesson is a live scenario on the real engine. Predict first, then watch; every answer is computed by the engine.',
  close: 'Back to the workspace',
  minutes: (n) => `${n} min`,
  steps: (n) => `${n} ${n === 1 ? 'step' : 'steps'}`,
  seeds: (list) => `Articles: ${list}`,
  done: 'Done',
  inProgress: (step, steps) => `At step ${step} of ${steps}`,
  notStarted: 'Not started',
  start: 'Start',
  continue: 'Continue',
  again: 'Play again',
  review: (n) => `Review: ${n} recap ${n === 1 ? 'question' : 'questions'}`,
  reviewTitle: 'Answer the recap questions again, on their variants of the scenario',
  requires: (list) => `After: ${list}`,
  loading: 'Loading the lessons…',
  loadFailed: (why) => `The lessons could not be loaded: ${why}`,
  exportProgress: 'Export progress',
  importProgress: 'Import progress',
  exported: (file) => `Progress saved as ${file}.`,
  imported: (n) => `Progress for ${n} ${n === 1 ? 'lesson' : 'lessons'} imported.`,
  importRefused: (e) => {
    switch (e.code) {
      case 'not-json':
        return 'This file is not JSON, so it is not a progress file.';
      case 'too-big':
        return `This file is larger than ${Math.round(e.limit / 1048576)} MB; a progress file is much smaller.`;
      case 'not-progress':
        return 'This JSON file is not a lesson progress file.';
      case 'newer-format':
        return `This progress file was made by a newer version of the app (format ${e.format}).`;
      case 'bad-field':
        return `This progress file is damaged at ${e.where}.`;
    }
  },
  progressKept: 'Your current progress is unchanged.',
  unsaved: 'This browser does not keep data: progress lasts until the tab is closed.',
  stepOf: (step, steps) => `Step ${step} of ${steps}`,
  back: 'Back',
  next: 'Next',
  finish: 'Finish',
  resetStep: 'Reset step',
  resetLesson: 'Reset lesson',
  resetLessonConfirm: 'Start this lesson again from step 1? Done stays done.',
  exit: 'Leave lesson',
  exitTitle: 'Back to your own work, as you left it',
  copyStepLink: 'Link to this step',
  stepLinkCopied: 'Link copied. It opens this step and carries no answers.',
  stepLinkField: 'Link to this step',
  goal: 'Goal',
  check: 'Check',
  answer: 'Answer',
  correct: 'Right.',
  wrong: 'Not yet.',
  got: (got, expected) => `Got ${got}; expected ${expected}.`,
  gotOnly: (got) => `Got ${got}.`,
  needHint: 'Need a hint?',
  hint: 'Hint',
  hintOf: (n, total) => `Hint ${n} of ${total}`,
  noMoreHints: 'No more hints: "Show me" applies the answer.',
  showMe: 'Show me',
  showMeConfirm: 'Show the answer? The step is marked shown, not solved.',
  showMeYes: 'Show it',
  showMeNo: 'Keep trying',
  shownNotSolved: 'Shown, not solved.',
  numberLabel: 'Your answer',
  orderHelp: 'Add the items in order; the arrows move them, × takes one out.',
  orderAdd: 'Items to add',
  orderChosen: 'Your order',
  remove: (item) => `Take ${item} out`,
  clear: 'Clear',
  moveUp: (item) => `Move ${item} up`,
  moveDown: (item) => `Move ${item} down`,
  pickHelp: 'Click the rule in the rules view, or pick it here.',
  picked: (what) => `Picked: ${what}`,
  fallThrough: 'Falls through: back to the caller, or the policy',
  actionSend: 'Send the packet, then check.',
  actionStep: 'Step the player to the point, then check.',
  actionEdit: 'Edit the YAML, then check.',
  actionRead: 'Read, then go on.',
  actionEditRules: 'Edit the rules, then check.',
  actionPaste: 'Paste an iptables-save dump into the editor, then check.',
  actionToggle: 'Switch the backend, then check.',
  actionSample: 'Send many new connections, then check.',
  backend: 'Backend',
  sample: (n) => `Send ${n} new connections`,
  sendPacket: 'Send this packet',
  answerFirst: 'Answer first: the next hop is hidden until you do.',
  focusHere: 'The step is about this',
  restartedNotice:
    'This lesson has changed since you last played it: it starts again at step 1. Done stays done.',
  dismiss: 'OK',
  finished: 'Lesson done',
  finishedBody: 'Every step is checked by the engine. Replay it any time from the lesson list.',
  recap: 'Recap',
  toIndex: 'All lessons',
  askTitle: 'Open the shared step?',
  askBody: (title, step, mine) =>
    `The link opens "${title}" at step ${step}. You are at step ${mine} of it. Your progress stays either way.`,
  openShared: 'Open the shared step',
  continueMine: 'Continue mine',
  linkError: (e) => {
    switch (e.code) {
      case 'malformed':
        return 'This lesson link is damaged: it does not read as #lesson=ID&step=N.';
      case 'newer-format':
        return `This lesson link was made by a newer version of the app (link format ${e.format}).`;
      case 'unknown-lesson':
        return `There is no lesson "${e.id}" in this version of the app.`;
      case 'step-out-of-range':
        return `The lesson "${e.id}" has ${e.steps} steps; the link asks for step ${e.step}.`;
      case 'newer-lesson':
        return `The link is for version ${e.version} of "${e.id}"; this app has version ${e.have}.`;
    }
  },
  linkErrorTitle: 'The lesson link could not be opened',
  offerIndex: 'Show the lessons',
  missingLanguage: 'Translation in progress: shown in the other language.',
  workKept: 'Your own work is kept and comes back when you leave the lesson.',
};

const ko: LessonStrings = {
  open: '레슨',
  openTitle: '안내 레슨: 먼저 예측하고, 엔진의 답을 확인해요',
  indexTitle: '레슨',
  indexIntro:
    '레슨마다 실제 엔진 위의 살아 있는 시나리오예요. 먼저 예측하고 확인하세요. 모든 정답은 엔진이 계산해요.',
  close: '작업 공간으로 돌아가기',
  minutes: (n) => `${n}분`,
  steps: (n) => `${n}단계`,
  seeds: (list) => `글: ${list}`,
  done: '완료',
  inProgress: (step, steps) => `${steps}단계 중 ${step}단계`,
  notStarted: '시작 전',
  start: '시작',
  continue: '이어 하기',
  again: '다시 하기',
  review: (n) => `복습하기: 정리 질문 ${n}개`,
  reviewTitle: '시나리오를 바꾼 정리 질문에 다시 답해 봐요',
  requires: (list) => `먼저: ${list}`,
  loading: '레슨을 불러오는 중…',
  loadFailed: (why) => `레슨을 불러오지 못했어요: ${why}`,
  exportProgress: '진도 내보내기',
  importProgress: '진도 가져오기',
  exported: (file) => `진도를 ${file} 파일로 저장했어요.`,
  imported: (n) => `레슨 ${n}개의 진도를 가져왔어요.`,
  importRefused: (e) => {
    switch (e.code) {
      case 'not-json':
        return '이 파일은 JSON이 아니라서 진도 파일이 아니에요.';
      case 'too-big':
        return `이 파일은 ${Math.round(e.limit / 1048576)} MB보다 커요. 진도 파일은 훨씬 작아요.`;
      case 'not-progress':
        return '이 JSON 파일은 레슨 진도 파일이 아니에요.';
      case 'newer-format':
        return `이 진도 파일은 더 새 버전의 앱에서 만들었어요 (형식 ${e.format}).`;
      case 'bad-field':
        return `이 진도 파일은 ${e.where} 부분이 손상됐어요.`;
    }
  },
  progressKept: '지금의 진도는 그대로예요.',
  unsaved: '이 브라우저는 데이터를 저장하지 않아요. 탭을 닫으면 진도가 사라져요.',
  stepOf: (step, steps) => `${steps}단계 중 ${step}단계`,
  back: '이전',
  next: '다음',
  finish: '마치기',
  resetStep: '이 단계 다시',
  resetLesson: '레슨 처음부터',
  resetLessonConfirm: '이 레슨을 1단계부터 다시 할까요? 완료 표시는 남아요.',
  exit: '레슨 나가기',
  exitTitle: '내 작업으로, 두고 온 그대로 돌아가요',
  copyStepLink: '이 단계 링크',
  stepLinkCopied: '링크를 복사했어요. 이 단계를 열고, 정답은 담지 않아요.',
  stepLinkField: '이 단계로 가는 링크',
  goal: '목표',
  check: '확인',
  answer: '답하기',
  correct: '맞았어요.',
  wrong: '아직이에요.',
  got: (got, expected) => `결과는 ${got}, 기대한 값은 ${expected}이에요.`,
  gotOnly: (got) => `결과는 ${got}이에요.`,
  needHint: '힌트가 필요하세요?',
  hint: '힌트',
  hintOf: (n, total) => `힌트 ${total}개 중 ${n}번째`,
  noMoreHints: '힌트는 여기까지예요. "보여 주세요"를 누르면 정답을 적용해요.',
  showMe: '보여 주세요',
  showMeConfirm: '정답을 볼까요? 이 단계는 푼 것이 아니라 본 것으로 표시돼요.',
  showMeYes: '볼게요',
  showMeNo: '더 해 볼게요',
  shownNotSolved: '정답을 봤어요 (푼 것은 아니에요).',
  numberLabel: '내 답',
  orderHelp: '순서대로 추가하세요. 화살표로 옮기고 ×로 뺄 수 있어요.',
  orderAdd: '추가할 항목',
  orderChosen: '내 순서',
  remove: (item) => `${item} 빼기`,
  clear: '지우기',
  moveUp: (item) => `${item} 위로`,
  moveDown: (item) => `${item} 아래로`,
  pickHelp: '규칙 보기에서 규칙을 클릭하거나 여기서 고르세요.',
  picked: (what) => `고른 것: ${what}`,
  fallThrough: '끝까지 통과: 호출한 체인으로, 또는 정책으로',
  actionSend: '패킷을 보낸 뒤 확인하세요.',
  actionStep: '플레이어를 그 지점까지 옮긴 뒤 확인하세요.',
  actionEdit: 'YAML을 고친 뒤 확인하세요.',
  actionRead: '읽고 넘어가세요.',
  actionEditRules: '규칙을 고친 뒤 확인하세요.',
  actionPaste: 'iptables-save 덤프를 편집기에 붙여 넣은 뒤 확인하세요.',
  actionToggle: '백엔드를 바꾼 뒤 확인하세요.',
  actionSample: '새 연결을 여러 번 보낸 뒤 확인하세요.',
  backend: '백엔드',
  sample: (n) => `새 연결 ${n}개 보내기`,
  sendPacket: '이 패킷 보내기',
  answerFirst: '먼저 답하세요. 답하기 전에는 다음 홉을 숨겨요.',
  focusHere: '이 단계가 가리키는 곳',
  restartedNotice: '지난번 이후 레슨이 바뀌어서 1단계부터 다시 시작해요. 완료 표시는 남아요.',
  dismiss: '확인',
  finished: '레슨 완료',
  finishedBody: '모든 단계를 엔진이 확인했어요. 레슨 목록에서 언제든 다시 할 수 있어요.',
  recap: '복습',
  toIndex: '전체 레슨',
  askTitle: '공유된 단계를 열까요?',
  askBody: (title, step, mine) =>
    `링크는 "${title}"의 ${step}단계를 열어요. 지금 내 진도는 ${mine}단계예요. 어느 쪽이든 내 진도는 남아요.`,
  openShared: '공유된 단계 열기',
  continueMine: '내 진도 이어 하기',
  linkError: (e) => {
    switch (e.code) {
      case 'malformed':
        return '레슨 링크가 손상됐어요. #lesson=ID&step=N 형식으로 읽히지 않아요.';
      case 'newer-format':
        return `이 레슨 링크는 더 새 버전의 앱에서 만들었어요 (링크 형식 ${e.format}).`;
      case 'unknown-lesson':
        return `이 버전의 앱에는 "${e.id}" 레슨이 없어요.`;
      case 'step-out-of-range':
        return `"${e.id}" 레슨은 ${e.steps}단계까지 있어요. 링크는 ${e.step}단계를 가리켜요.`;
      case 'newer-lesson':
        return `링크는 "${e.id}" 레슨의 버전 ${e.version}용이에요. 이 앱에는 버전 ${e.have}이 있어요.`;
    }
  },
  linkErrorTitle: '레슨 링크를 열 수 없어요',
  offerIndex: '레슨 목록 보기',
  missingLanguage: '번역 준비 중: 다른 언어로 보여 줘요.',
  workKept: '내 작업은 그대로 두었다가 레슨을 나가면 돌아와요.',
};

export const lessonStrings: Record<Lang, LessonStrings> = { en, ko };
