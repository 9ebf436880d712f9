/**
 * A Monarch grammar for iptables-save text (also -S lines): `*table`, `:CHAIN POLICY [p:b]`,
 * `-A CHAIN`, options, targets after -j/-g, quoted strings, addresses, comments and COMMIT.
 */
import type * as Monaco from 'monaco-editor/esm/vs/editor/editor.api';

import { IPTABLES_LANGUAGE_ID as IPTABLES_LANGUAGE } from './language-ids.ts';

const grammar: Monaco.languages.IMonarchLanguage = {
  defaultToken: '',
  tokenPostfix: '.iptables',
  builtinTargets: ['ACCEPT', 'DROP', 'REJECT', 'RETURN', 'QUEUE'],
  tokenizer: {
    root: [
      [/^\s*#.*$/, 'comment'],
      [/^\*\S+/, 'keyword.table'],
      [/^COMMIT\b/, 'keyword'],
      [/^(:)(\S+)/, ['delimiter', { token: 'type.chain', next: '@chainDecl' }]],
      [/^(-[AIDNPRSXZ])(\s+)(\S+)/, ['keyword.command', '', 'type.chain']],
      [
        /(-[jg]|--jump|--goto)(\s+)(\S+)/,
        ['keyword.jump', '', { token: '@rematch', next: '@target' }],
      ],
      { include: '@rule' },
    ],
    chainDecl: [
      [/\s+(ACCEPT|DROP|-)\b/, 'constant.policy'],
      [/\[\d+:\d+\]/, 'number.counters'],
      [/$/, '', '@pop'],
    ],
    target: [
      [
        /[A-Za-z][\w-]*/,
        {
          cases: {
            '@builtinTargets': { token: 'constant.verdict', next: '@pop' },
            '@default': { token: 'type.target', next: '@pop' },
          },
        },
      ],
      [/./, '', '@pop'],
    ],
    rule: [
      [/"([^"\\]|\\.)*"/, 'string'],
      [/"([^"\\]|\\.)*$/, 'string.invalid'],
      [/!/, 'operator'],
      [/--?[A-Za-z][\w-]*/, 'attribute.option'],
      [/\d+\.\d+\.\d+\.\d+(\/\d+)?(:\d+(-\d+)?)?/, 'number.address'],
      [/0x[0-9a-fA-F]+(\/0x[0-9a-fA-F]+)?/, 'number.hex'],
      [/\d+(\.\d+)?/, 'number'],
      [/\[\d+:\d+\]/, 'number.counters'],
      [/\s+/, ''],
      [/[^\s"!]+/, 'identifier'],
    ],
  },
};

export function registerIptablesLanguage(monaco: typeof Monaco): void {
  if (monaco.languages.getLanguages().some((l) => l.id === IPTABLES_LANGUAGE)) return;
  monaco.languages.register({ id: IPTABLES_LANGUAGE, aliases: ['iptables-save', 'iptables'] });
  monaco.languages.setMonarchTokensProvider(IPTABLES_LANGUAGE, grammar);
  monaco.languages.setLanguageConfiguration(IPTABLES_LANGUAGE, {
    comments: { lineComment: '#' },
    autoClosingPairs: [{ open: '"', close: '"' }],
  });
}
