/**
 * `-j CHECKSUM --checksum-fill`: computes a checksum the kernel left to the network card (a
 * packet of a local socket or a virtual device, checksum offload pending), for old DHCP clients
 * that read such packets before any card would fill it in. Mangle table only.
 */
import { defineTarget } from '../types.ts';
import { reportRepeated, requireOneOf } from '../option-checks.ts';
import { CONTINUE, type TargetEvaluator } from '../evaluate.ts';
import { wholeText, w } from '../list-text.ts';

const evaluate: TargetEvaluator = (_d, ctx) => {
  ctx.note(
    'CHECKSUM fills in a checksum left to the network card; the simulated packet has no checksum, so nothing it matches on changes',
  );
  return CONTINUE;
};

const readList = wholeText(/^CHECKSUM fill$/, () => w('--checksum-fill'));

export const checksum = defineTarget<Record<string, never>>({
  name: 'CHECKSUM',
  evaluate,
  readList,
  flow: 'continue',
  tables: ['mangle'],
  options: [{ name: 'checksum-fill', args: 0 }],
  parse(options, ctx) {
    reportRepeated('CHECKSUM', options, ctx);
    requireOneOf('CHECKSUM', options, ['checksum-fill'], ctx);
    return {};
  },
  save: () => ['--checksum-fill'],
  list: () => 'CHECKSUM fill',
  explain: (_d, lang) =>
    lang === 'ko'
      ? '네트워크 카드에 미뤄 둔 체크섬을 지금 계산해 채움'
      : 'fills in a checksum that was left to the network card',
});
