/**
 * The sets an ipset text builds, line by line, with its diagnostics. Both readers (`ipset save`
 * lines and `ipset list` blocks) go through it, so a member is read and checked one way.
 */
import { IPSET_TYPES, type IpSet, type IpSetType } from './host.ts';
import { readMemberWords } from './ipset-member.ts';
import type { Word } from './ipset-words.ts';
import type { DiagnosticArgs } from '../rules/index.ts';

export type IpsetDiagnosticCode =
  | 'syntax' // a line neither format allows
  | 'unknown-set' // a line names a set no create line made
  | 'duplicate-set'
  | 'bad-type'
  | 'bad-member'
  | 'bad-option'
  | 'unsupported' // kept, but the simulator cannot test packets against it
  | 'unterminated-quote'
  | 'empty-input';

export interface IpsetDiagnostic {
  code: IpsetDiagnosticCode;
  severity: 'error' | 'warning' | 'info';
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  args?: DiagnosticArgs;
}

/** the kernel's IPSET_MAXNAMELEN less the terminating NUL */
const MAX_NAME = 31;

const FLAG_OPTIONS = ['counters', 'comment', 'skbinfo', 'forceadd'];
const VALUE_OPTIONS = [
  'family',
  'hashsize',
  'maxelem',
  'bucketsize',
  'initval',
  'netmask',
  'timeout',
  'range',
  'size',
  'markmask',
  'probes',
  'resize',
];

export class SetBook {
  readonly sets = new Map<string, IpSet>();
  readonly diagnostics: IpsetDiagnostic[] = [];

  report(
    code: IpsetDiagnosticCode,
    severity: IpsetDiagnostic['severity'],
    message: string,
    line: number,
    from: Word | undefined,
    to: Word | undefined = from,
    args?: DiagnosticArgs,
  ): void {
    this.diagnostics.push({
      code,
      severity,
      message,
      line,
      column: from?.column ?? 1,
      endLine: line,
      endColumn: to?.end ?? 1,
      ...(args ? { args } : {}),
    });
  }

  /** The set a line names; reported when no create line made it. */
  named(word: Word | undefined, line: number): IpSet | undefined {
    if (!word) {
      this.report('syntax', 'error', 'a set name is missing', line, undefined, undefined, {
        sentence: 'name-missing',
      });
      return undefined;
    }
    const set = this.sets.get(word.text);
    if (!set)
      this.report(
        'unknown-set',
        'error',
        `no set "${word.text}" was created before`,
        line,
        word,
        word,
        { name: word.text },
      );
    return set;
  }

  /** `create NAME TYPE OPTIONS…` (also a list block's Name, Type and Header). */
  create(name: Word | undefined, type: Word | undefined, options: Word[], line: number): void {
    if (!name || name.text.length > MAX_NAME) {
      this.report(
        'syntax',
        'error',
        `a set name (1 to ${MAX_NAME} characters) is needed`,
        line,
        name,
        name,
        { sentence: 'name-length', max: MAX_NAME },
      );
      return;
    }
    if (!type || !(IPSET_TYPES as readonly string[]).includes(type.text)) {
      this.report(
        'bad-type',
        'error',
        `${type ? `"${type.text}"` : 'nothing'} is not a set type (expected one of ${IPSET_TYPES.join(', ')})`,
        line,
        type ?? name,
        type ?? name,
        { type: type?.text ?? '', types: IPSET_TYPES.join(', ') },
      );
      return;
    }
    if (this.sets.has(name.text)) {
      this.report(
        'duplicate-set',
        'error',
        `set "${name.text}" is created twice`,
        line,
        name,
        name,
        { name: name.text },
      );
      return;
    }
    const set: IpSet = {
      name: name.text,
      type: type.text as IpSetType,
      family: 'inet',
      counters: false,
      members: [],
      options: options.map((w) => w.text),
    };
    this.readCreateOptions(set, options, line);
    this.sets.set(set.name, set);
  }

  private readCreateOptions(set: IpSet, options: Word[], line: number): void {
    for (let i = 0; i < options.length; i++) {
      const w = options[i]!;
      if (FLAG_OPTIONS.includes(w.text)) {
        if (w.text === 'counters') set.counters = true;
        continue;
      }
      if (!VALUE_OPTIONS.includes(w.text)) {
        this.report('bad-option', 'warning', `"${w.text}" is not a create option`, line, w, w, {
          sentence: 'not-an-option',
          option: w.text,
        });
        continue;
      }
      const v = options[++i];
      if (!v) {
        this.report('bad-option', 'error', `${w.text} needs a value`, line, w, w, {
          sentence: 'needs-value',
          option: w.text,
        });
        continue;
      }
      if (w.text !== 'family') continue;
      if (v.text === 'inet6') set.family = 'inet6';
      else if (v.text !== 'inet')
        this.report(
          'bad-option',
          'error',
          `"${v.text}" is not a family (inet or inet6)`,
          line,
          v,
          v,
          { sentence: 'family', value: v.text },
        );
    }
  }

  /** `add NAME MEMBER OPTIONS…` (also a member line of a list block). */
  add(set: IpSet, words: Word[], line: number): void {
    const { member, problems } = readMemberWords(
      words.map((w) => w.text),
      set,
    );
    for (const p of problems)
      this.report(
        p.word === 0 ? 'bad-member' : 'bad-option',
        p.severity,
        p.message,
        line,
        words[p.word],
        p.rest ? words[words.length - 1] : words[p.word],
      );
    if (!member) return;
    if (set.type === 'list:set') {
      const inner = this.sets.get(member.text);
      if (!inner)
        this.report(
          'unknown-set',
          'error',
          `no set "${member.text}" to list`,
          line,
          words[0],
          words[0],
          { sentence: 'list-member', name: member.text },
        );
      else if (inner.type === 'list:set')
        this.report(
          'bad-member',
          'error',
          `a list:set cannot hold another list:set ("${member.text}")`,
          line,
          words[0],
          words[0],
          { sentence: 'nested-list', name: member.text },
        );
    }
    if (member.unsupported)
      this.report('unsupported', 'info', `kept, not tested: ${member.unsupported}`, line, words[0]);
    set.members.push(member);
  }

  /** `del NAME MEMBER`: the member written the same way goes. */
  del(set: IpSet, member: Word | undefined, line: number): void {
    const at = set.members.findIndex((m) => m.text === member?.text);
    if (at < 0)
      this.report(
        'bad-member',
        'warning',
        `set "${set.name}" has no member "${member?.text ?? ''}"`,
        line,
        member,
        member,
        { sentence: 'no-such-member', name: set.name, member: member?.text ?? '' },
      );
    else set.members.splice(at, 1);
  }
}
