/**
 * `-j CT` (raw table): sets up how conntrack treats the connection before it is tracked: not at
 * all (`--notrack`), in a zone, with a helper (ftp, sip, …) or a timeout policy, or with only
 * some events reported. A zone of 0 is the default and is not printed back.
 */
import { defineTarget } from '../types.ts';
import { parseUint } from '../values.ts';
import { reportRepeated } from '../option-checks.ts';
import { CONTINUE, type TargetEvaluator } from '../evaluate.ts';
import { w, type ExtraWord, type ListTargetReader } from '../list-text.ts';

export interface CtZone {
  /** zone id 0-65535; with `mark` the zone comes from the packet mark instead */
  id: number;
  mark: boolean;
  /** which direction the zone applies to; 'both' for plain --zone */
  direction: 'both' | 'orig' | 'reply';
}

export interface CtData {
  notrack: boolean;
  helper: string;
  timeout: string;
  /** conntrack events to report, in iptables' order */
  ctEvents: string[];
  expEvents: string[];
  zone: CtZone;
}

/** Event names in the kernel's bit order, which is also the order iptables prints them in. */
export const CT_EVENTS = [
  'new',
  'related',
  'destroy',
  'reply',
  'assured',
  'protoinfo',
  'helper',
  'mark',
  'natseqinfo',
  'secmark',
] as const;
export const EXP_EVENTS = ['new'] as const;

function parseEvents(
  text: string,
  known: readonly string[],
): { events: string[] } | { bad: string } {
  const given = text.split(',');
  for (const e of given) if (!known.includes(e)) return { bad: e };
  return { events: known.filter((k) => given.includes(k)) };
}

function zoneWords(z: CtZone, flag: string): string[] {
  if (!z.mark && z.id === 0) return [];
  const dir = z.direction === 'both' ? '' : `-${z.direction}`;
  return [`${flag}${dir}`, z.mark ? 'mark' : String(z.id)];
}

function words(d: CtData, dashes: string): string[] {
  const out: string[] = [];
  if (d.notrack) out.push(`${dashes}notrack`);
  if (d.helper) out.push(`${dashes}helper`, d.helper);
  if (d.timeout) out.push(`${dashes}timeout`, d.timeout);
  if (d.ctEvents.length) out.push(`${dashes}ctevents`, d.ctEvents.join(','));
  if (d.expEvents.length) out.push(`${dashes}expevents`, d.expEvents.join(','));
  out.push(...zoneWords(d.zone, `${dashes}zone`));
  return out;
}

const evaluate: TargetEvaluator<CtData> = (d, ctx) => {
  if (d.notrack) ctx.notrack();
  else {
    const parts = [
      d.helper && `helper ${d.helper}`,
      d.zone.id || d.zone.mark ? `zone ${d.zone.mark ? 'mark' : d.zone.id}` : '',
      d.timeout && `timeout ${d.timeout}`,
    ].filter(Boolean);
    ctx.note(`CT ${parts.join(' ') || 'template'} (not simulated beyond this note)`);
  }
  return CONTINUE;
};

const CT_VALUE_KEYS = [
  'helper',
  'timeout',
  'ctevents',
  'expevents',
  'zone',
  'zone-orig',
  'zone-reply',
];

/** `CT notrack …`, or `NOTRACK`, which -L shows for CT --notrack (read as the NOTRACK target). */
const readList: ListTargetReader = (rest) => {
  if (rest === 'NOTRACK') return { words: [], rename: 'NOTRACK' };
  const words = rest.split(' ');
  if (words[0] !== 'CT') return undefined;
  const out: ExtraWord[] = [];
  for (let i = 1; i < words.length; i++) {
    const k = words[i]!;
    if (k === 'notrack') out.push(...w('--notrack'));
    else if (CT_VALUE_KEYS.includes(k) && words[i + 1] !== undefined)
      out.push(...w(`--${k}`, words[++i]));
    else return undefined;
  }
  return { words: out };
};

export const ct = defineTarget<CtData>({
  name: 'CT',
  evaluate,
  readList,
  flow: 'continue',
  tables: ['raw'],
  options: [
    { name: 'notrack', args: 0 },
    { name: 'helper', args: 1 },
    { name: 'timeout', args: 1 },
    { name: 'ctevents', args: 1 },
    { name: 'expevents', args: 1 },
    { name: 'zone', args: 1 },
    { name: 'zone-orig', args: 1 },
    { name: 'zone-reply', args: 1 },
  ],
  parse(options, ctx) {
    reportRepeated('CT', options, ctx);
    const data: CtData = {
      notrack: false,
      helper: '',
      timeout: '',
      ctEvents: [],
      expEvents: [],
      zone: { id: 0, mark: false, direction: 'both' },
    };
    // iptables ORs the direction flags of every --zone* given and keeps the last id
    let orig = false;
    let reply = false;
    for (const o of options) {
      const arg = o.args[0] ?? '';
      switch (o.name) {
        case 'notrack':
          data.notrack = true;
          break;
        case 'helper':
        case 'timeout':
          if (arg === '' || /\s/.test(arg))
            ctx.report('bad-value', `--${o.name} needs a name, not "${arg}"`, o.span);
          else data[o.name] = arg;
          break;
        case 'ctevents':
        case 'expevents': {
          const r = parseEvents(arg, o.name === 'ctevents' ? CT_EVENTS : EXP_EVENTS);
          if ('bad' in r)
            ctx.report(
              'bad-value',
              `unknown event "${r.bad}" (expected ${(o.name === 'ctevents' ? CT_EVENTS : EXP_EVENTS).join(', ')})`,
              o.span,
            );
          else if (o.name === 'ctevents') data.ctEvents = r.events;
          else data.expEvents = r.events;
          break;
        }
        default: {
          orig ||= o.name === 'zone-orig';
          reply ||= o.name === 'zone-reply';
          if (arg.toLowerCase() === 'mark') {
            data.zone.mark = true;
            data.zone.id = 0;
          } else {
            const id = parseUint(arg, 65535);
            if (id === undefined)
              ctx.report(
                'bad-value',
                `--${o.name} needs a zone id from 0 to 65535 or "mark", not "${arg}"`,
                o.span,
              );
            else data.zone.id = id;
          }
        }
      }
    }
    data.zone.direction = orig === reply ? 'both' : orig ? 'orig' : 'reply';
    // with mark the zone comes from the packet; an id given beside it is neither used nor printed
    if (data.zone.mark) data.zone.id = 0;
    return data;
  },
  save: (d) => words(d, '--'),
  list: (d) => ['CT', ...words(d, '')].join(' '),
  explain(d, lang) {
    const parts: string[] = [];
    const ko = lang === 'ko';
    if (d.notrack) parts.push(ko ? '연결 추적 안 함' : 'no connection tracking');
    if (d.helper) parts.push(ko ? `헬퍼 ${d.helper}` : `helper ${d.helper}`);
    if (d.timeout) parts.push(ko ? `타임아웃 정책 ${d.timeout}` : `timeout policy ${d.timeout}`);
    if (d.ctEvents.length)
      parts.push(
        ko
          ? `이벤트 ${d.ctEvents.join(',')}만 보고`
          : `reports only ${d.ctEvents.join(',')} events`,
      );
    if (d.expEvents.length)
      parts.push(
        ko
          ? `기대 연결 이벤트 ${d.expEvents.join(',')}`
          : `expectation events ${d.expEvents.join(',')}`,
      );
    const zone = zoneWords(d.zone, 'zone');
    if (zone.length) parts.push(zone.join(' '));
    const what = parts.length ? parts.join(', ') : ko ? '기본값' : 'defaults';
    return ko
      ? `이 연결의 conntrack 설정: ${what} (CT)`
      : `sets how conntrack handles this connection: ${what} (CT)`;
  },
});
