/**
 * The packet form's problems read as Korean: every sentence packet-form.ts can say (read from
 * its source, so a new one without Korean fails here), and the problems of real forms.
 */
import { describe, expect, it } from 'vitest';
import type { ClusterSummary } from '../../worker/protocol.ts';
import { resolveDumpPacket, resolvePacket, type PacketForm } from '../packet/packet-form.ts';
import { formProblemText } from './form-problems.ts';

const HANGUL = /[\uac00-\ud7a3]/;

const sources = import.meta.glob<string>('../packet/packet-form.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The sentences the form returns or passes to bad(), each value written as `X`. */
function formSentences(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/(?:bad\(|return )(`[^`]*`|'[^']*')/g)) {
    const literal = m[1]!.slice(1, -1);
    // a value, or a choice between words (`${six ? 'IPv6 ' : ''}`), written as X
    found.add(literal.replace(/\$\{[^}]*\}/g, 'X'));
  }
  return [...found].filter((s) => / /.test(s));
}

const CLUSTER: ClusterSummary = {
  nodes: [{ name: 'node-a', ip: '10.0.0.1', podCIDR: '10.42.0.0/24' }],
  pods: [{ namespace: 'default', name: 'client', ip: '10.42.0.10', node: 'node-a', veth: 'veth1' }],
  services: [],
  clients: [{ name: 'laptop', address: '203.0.113.7' }],
};

const FORM: PacketForm = {
  source: { kind: 'pod', namespace: 'default', name: 'client' },
  destination: { kind: 'service', namespace: 'default', name: 'web', port: 80 },
  proto: 'tcp',
  sport: 40000,
  dport: 8080,
  tcpFlags: 'SYN',
  entryNode: 'node-a',
  entryInterface: 'eth0',
};

function problemOf(r: ReturnType<typeof resolvePacket>): string {
  if (r.ok) throw new Error('the form resolved');
  return r.problem;
}

describe('formProblemText', () => {
  it('has Korean for every sentence packet-form.ts says', () => {
    const said = formSentences(Object.values(sources)[0]!);
    expect(said.length).toBeGreaterThan(8);
    const untranslated = said.filter((s) => !HANGUL.test(formProblemText(s, 'ko')));
    expect(untranslated).toEqual([]);
  });

  it("says the problems of real forms in Korean, with the form's values", () => {
    const noService = problemOf(resolvePacket(FORM, CLUSTER));
    expect(formProblemText(noService, 'ko')).toBe('없는 Service입니다: default/web');
    const badAddress = problemOf(
      resolveDumpPacket({
        ...FORM,
        source: { kind: 'address', address: '198.51.100.20' },
        destination: { kind: 'address', address: '10.0.0.300' },
      }),
    );
    expect(formProblemText(badAddress, 'ko')).toMatch(/^IPv4 .*주소.*아닙니다: 10\.0\.0\.300$/);
    const empty = problemOf(
      resolvePacket(
        {
          ...FORM,
          source: { kind: 'address', address: '' },
          destination: { kind: 'pod', namespace: 'default', name: 'client' },
        },
        CLUSTER,
      ),
    );
    expect(formProblemText(empty, 'ko')).toContain('(비어 있음)');
  });

  it('the IPv6 sentences of the dual-stack form have Korean too', () => {
    expect(formProblemText('Service web has no IPv6 ClusterIP', 'ko')).toBe(
      'Service web에 IPv6 ClusterIP가 없습니다.',
    );
    expect(
      formProblemText(
        '10.0.0.1 and fd00::1 are of different families: a packet is IPv4 or IPv6 throughout',
        'ko',
      ),
    ).toContain('출발지 10.0.0.1, 목적지 fd00::1');
    expect(formProblemText('fd00::zz is neither an IPv4 nor an IPv6 address', 'ko')).toBe(
      'IPv4 주소도 IPv6 주소도 아닙니다: fd00::zz',
    );
  });

  it('English, and a sentence it does not know, stay as written', () => {
    expect(formProblemText('no Service default/web', 'en')).toBe('no Service default/web');
    expect(formProblemText('something new', 'ko')).toBe('something new');
  });
});
