/**
 * `-m icmp --icmp-type`: an ICMP type and a range of codes, as the kernel stores them. A name
 * or a bare type covers codes 0-255; `TYPE/CODE` one code; `any` is type 255. iptables-save
 * prints numbers only, whatever was written.
 */
import type { Negatable } from '../../rules/model-face.ts';
import { bang, defineMatch, type ModuleContext, type ParsedOption } from '../types.ts';
import { parseUint } from '../values.ts';
import { reportRepeated, requireOneOf } from '../option-checks.ts';
import { requireProtocol } from './checks.ts';
import { icmpNameOf, lookupIcmpName } from './icmp-types.ts';
import { reportRespelled } from './state.ts';
import { held, type MatchEvaluator } from '../evaluate.ts';
import { firstOf, re, w } from '../list-text.ts';

export interface IcmpType {
  type: number;
  codeMin: number;
  codeMax: number;
}

export type IcmpData = Negatable<IcmpType>;

const ANY: IcmpType = { type: 255, codeMin: 0, codeMax: 255 };

function parseIcmpType(o: ParsedOption, ctx: ModuleContext): IcmpType | undefined {
  const text = o.args[0] ?? '';
  if (/^[0-9]/.test(text)) {
    const slash = text.indexOf('/');
    const type = parseUint(slash < 0 ? text : text.slice(0, slash), 255);
    const code = slash < 0 ? undefined : parseUint(text.slice(slash + 1), 255);
    if (type === undefined || (slash >= 0 && code === undefined)) {
      ctx.report(
        'bad-value',
        `"${text}" is not an ICMP type (expected a name such as echo-request, or TYPE[/CODE] with numbers 0-255)`,
        o.span,
      );
      return undefined;
    }
    return code === undefined
      ? { type, codeMin: 0, codeMax: 255 }
      : { type, codeMin: code, codeMax: code };
  }
  const found = lookupIcmpName(text);
  if (found === undefined || text === '') {
    ctx.report(
      'bad-value',
      `unknown ICMP type "${text}" (e.g. echo-request, echo-reply, destination-unreachable, port-unreachable, time-exceeded, any)`,
      o.span,
    );
    return undefined;
  }
  if (Array.isArray(found)) {
    ctx.report(
      'bad-value',
      `ICMP type "${text}" is ambiguous: ${found.map((n) => n.name).join(', ')}`,
      o.span,
    );
    return undefined;
  }
  if (text !== found.name) reportRespelled([[text, found.name]], o.span, ctx);
  return found.code === undefined
    ? { type: found.type, codeMin: 0, codeMax: 255 }
    : { type: found.type, codeMin: found.code, codeMax: found.code };
}

function describe(t: IcmpType): string {
  const name = icmpNameOf(t.type, t.codeMin, t.codeMax);
  const codes =
    t.codeMin === 0 && t.codeMax === 255
      ? ''
      : t.codeMin === t.codeMax
        ? `/${t.codeMin}`
        : ` codes ${t.codeMin}-${t.codeMax}`;
  const num = `${t.type}${codes}`;
  return name ? `${name} (${num})` : num;
}

/** Type 255 is `any`; otherwise the type must be equal and the code within the range. */
const evaluate: MatchEvaluator<IcmpData> = (d, ctx) => {
  const p = ctx.packet;
  if (p.proto !== 'icmp') return 'nomatch';
  const t = d.value;
  const hit =
    t.type === 255 || (p.icmpType === t.type && p.icmpCode >= t.codeMin && p.icmpCode <= t.codeMax);
  return held(hit, d.negated);
};

const ICMP_ANY = '255';

const readList = firstOf(
  re(/icmptype (\d+)(?: code (\d+))?/, (m) =>
    w('-m', 'icmp', '--icmp-type', m[1] === ICMP_ANY ? 'any' : m[2] ? `${m[1]}/${m[2]}` : m[1]),
  ),
  re(/icmp !type (\d+)(?: code (\d+))?/, (m) =>
    w('-m', 'icmp', '!', '--icmp-type', m[2] ? `${m[1]}/${m[2]}` : m[1]),
  ),
  re(/icmp (!?)([a-z][a-z-]*)/, (m) => w('-m', 'icmp', m[1] === '!' && '!', '--icmp-type', m[2])),
);

export const icmp = defineMatch<IcmpData>({
  name: 'icmp',
  evaluate,
  readList,
  options: [{ name: 'icmp-type', args: 1, negatable: true }],
  parse(options, ctx) {
    requireProtocol('icmp', ['icmp'], ctx);
    reportRepeated('icmp', options, ctx);
    requireOneOf('icmp', options, ['icmp-type'], ctx);
    let data: IcmpData = { value: ANY, negated: false };
    for (const o of options) {
      const t = parseIcmpType(o, ctx);
      if (t) data = { value: t, negated: o.negated };
    }
    return data;
  },
  save(d) {
    const { type, codeMin, codeMax } = d.value;
    if (type === 255) return [...bang(d.negated), '--icmp-type', 'any'];
    // a code range the command line cannot write shows as its first code, as iptables does
    const code = codeMin === 0 && codeMax === 255 ? '' : `/${codeMin}`;
    return [...bang(d.negated), '--icmp-type', `${type}${code}`];
  },
  list(d) {
    const { type, codeMin, codeMax } = d.value;
    let codes = '';
    if (codeMin === codeMax) codes = ` code ${codeMin}`;
    else if (codeMin !== 0 || codeMax !== 255) codes = ` codes ${codeMin}-${codeMax}`;
    return `icmp${d.negated ? ' !' : ''}type ${type}${codes}`;
  },
  explain(d, lang) {
    if (d.value.type === 255)
      return lang === 'ko'
        ? d.negated
          ? 'ICMP: 어떤 유형도 아님'
          : 'ICMP: 모든 유형'
        : d.negated
          ? 'ICMP: no type'
          : 'ICMP: any type';
    const what = describe(d.value);
    if (lang === 'ko') return `ICMP 유형 ${what}${d.negated ? ' 제외' : ''}`;
    return `ICMP type ${d.negated ? 'other than ' : ''}${what}`;
  },
});
