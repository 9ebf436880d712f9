/**
 * `-m socket`: the packet belongs to a local socket (TPROXY set-ups use it to send the rest of a
 * proxied connection straight to the proxy). Valid only where packets come in.
 */
import { defineMatch } from '../types.ts';
import { reportRepeated } from '../option-checks.ts';
import { reportWrongChain } from './placement.ts';
import { notModelled } from '../evaluate.ts';
import { parts, w } from '../list-text.ts';

export interface SocketData {
  /** only sockets with IP_TRANSPARENT set */
  transparent: boolean;
  /** ignore sockets bound to the wildcard address */
  nowildcard: boolean;
  /** copy the socket's mark to the packet */
  restoreSkmark: boolean;
}

function socketWords(d: SocketData): string[] {
  const out: string[] = [];
  if (d.transparent) out.push('--transparent');
  if (d.nowildcard) out.push('--nowildcard');
  if (d.restoreSkmark) out.push('--restore-skmark');
  return out;
}

// the answer depends on the host's sockets, which the simulator does not model
const evaluate = notModelled;

const readList = parts('socket', 'socket', /--(?:transparent|nowildcard|restore-skmark)/, (m) =>
  w(m[0]),
);

export const socket = defineMatch<SocketData>({
  name: 'socket',
  evaluate,
  readList,
  options: [
    { name: 'transparent', args: 0 },
    { name: 'nowildcard', args: 0 },
    { name: 'restore-skmark', args: 0 },
  ],
  parse(options, ctx) {
    reportRepeated('socket', options, ctx);
    reportWrongChain('socket', options, ctx, ['PREROUTING', 'INPUT']);
    const has = (n: string) => options.some((o) => o.name === n);
    return {
      transparent: has('transparent'),
      nowildcard: has('nowildcard'),
      restoreSkmark: has('restore-skmark'),
    };
  },
  save: socketWords,
  list: (d) => ['socket', ...socketWords(d)].join(' '),
  explain(d, lang) {
    const ko = lang === 'ko';
    const extra: string[] = [];
    if (d.transparent) extra.push(ko ? 'IP_TRANSPARENT 소켓만' : 'only IP_TRANSPARENT sockets');
    if (d.nowildcard)
      extra.push(
        ko ? '와일드카드 주소에 묶인 소켓 제외' : 'ignoring sockets bound to the wildcard address',
      );
    if (d.restoreSkmark)
      extra.push(ko ? '소켓의 마크를 패킷에 복사' : "copies the socket's mark to the packet");
    const head = ko ? '이 호스트의 소켓에 속한 패킷' : 'packet belongs to a local socket';
    return extra.length ? `${head} (${extra.join(', ')})` : head;
  },
});
