import { describe, expect, it } from 'vitest';
import { lintLesson, readLesson } from './index.ts';

const RULES = '*filter\n:INPUT ACCEPT [0:0]\nCOMMIT\n';
const HOST = 'interfaces: [{ name: eth0, addresses: [192.168.1.10/24] }]\n';

/** A lesson with the given steps (YAML, indented as list items under `steps:`). */
function lint(steps: string, refs = ''): { code: string; line: number; message: string }[] {
  const yaml = `id: t
version: 1
title: { en: Test, ko: 시험 }
goal: { en: A goal., ko: 목표예요. }
scenario:
  rules: rules.save
  host: host.yaml
  packets:
    p: { in: eth0, proto: tcp, src: 192.168.1.50, dst: 192.168.1.10, dport: 22 }
${refs}steps:
${steps}`;
  const r = readLesson({
    dir: 't',
    files: { 'lesson.yaml': yaml, 'rules.save': RULES, 'host.yaml': HOST },
  });
  if (!r.loaded) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return lintLesson(r.loaded);
}

const SEND = `  - id: send
    text: { en: 'Send \`p\`.', ko: '\`p\`를 보내요.' }
    action: { send: { packet: p } }
    check: { sent: p }
    solution: { send: [p] }
`;

describe('the lesson lint', () => {
  it('passes a lesson that keeps the rules', () => {
    expect(lint(SEND)).toEqual([]);
  });

  it('wants both languages, at the line of the text', () => {
    const found = lint(
      `  - id: s\n    text: { en: Only English., ko: '' }\n    action: read\n${SEND}`,
    );
    expect(found).toContainEqual(
      expect.objectContaining({ code: 'missing-language', line: 12, message: 'no ko text' }),
    );
  });

  it('wants the same backticked names and placeholders in both languages', () => {
    const found = lint(SEND.replace("'`p`를 보내요.'", "'p를 보내요.'"));
    expect(found.map((d) => d.code)).toContain('languages-differ');
    const refs = 'refs:\n  svc: { chainOf: { service: web, kind: SVC } }\n';
    const ph = lint(SEND.replace("Send `p`.'", "Send `p` to {{svc}}.'"), refs);
    expect(ph.find((d) => d.code === 'languages-differ')?.message).toMatch(
      /\{\{placeholders\}\} differ: en has svc, ko has none/,
    );
  });

  it('keeps texts within budget', () => {
    const long = Array.from({ length: 61 }, () => 'word').join(' ');
    expect(
      lint(SEND.replace("Send `p`.'", `Send \`p\` ${long}.'`)).map((d) => d.message),
    ).toContainEqual(expect.stringMatching(/^63 English words \(at most 60\)$/));
    const longKo = '가'.repeat(201);
    expect(lint(SEND.replace("'`p`를 보내요.'", `'\`p\`${longKo}'`)).map((d) => d.code)).toContain(
      'too-long',
    );
  });

  it('refuses two read steps in a row, a step without check or solution, 합니다체, and hashed names', () => {
    const read = `  - id: r1\n    text: { en: One., ko: 하나예요. }\n    action: read\n  - id: r2\n    text: { en: Two., ko: 둘이에요. }\n    action: read\n`;
    expect(lint(read + SEND).map((d) => d.code)).toContain('read-after-read');
    const bare = SEND.replace('    check: { sent: p }\n', '').replace(
      '    solution: { send: [p] }\n',
      '',
    );
    expect(lint(bare).map((d) => d.code)).toEqual(['no-check', 'no-solution']);
    expect(lint(SEND.replace("'`p`를 보내요.'", "'`p`를 보냅니다.'")).map((d) => d.code)).toEqual([
      'korean-register',
    ]);
    const hashed = lint(SEND.replace("Send `p`.'", "Send `p` to KUBE-SVC-ABCDEFGHIJKLMNOP.'"));
    expect(hashed).toContainEqual(
      expect.objectContaining({ code: 'hashed-name', line: 12, column: 30 }),
    );
  });
});
