// Lesson 10's dumps are what the compiler writes for its DockerHost (plus the learner's INPUT
// rule), and its host file is the compiled host: the lesson teaches the rules this tool makes.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { readHost } from '../netfilter/index.ts';
import { compileDockerHost } from './index.ts';

const file = (name: string) =>
  readFileSync(new URL(`../../../lessons/10-docker/${name}`, import.meta.url), 'utf8');

const INPUT_RULE = '-A INPUT -p tcp -m tcp --dport 8080 -j DROP\n';
const rulesOf = (save: string) =>
  save
    .split('\n')
    .filter((l) => !l.startsWith('#'))
    .join('\n')
    .replace(INPUT_RULE, '');

describe('Lesson 10 files', () => {
  const yaml = file('docker-host.yaml');

  it('docker-new.save is the compiled host with the INPUT rule added', () => {
    expect(file('docker-new.save')).toContain(INPUT_RULE);
    expect(rulesOf(file('docker-new.save'))).toBe(compileDockerHost(yaml).rulesetText);
  });

  it('docker-lo.save is the same host with the port on 127.0.0.1', () => {
    const lo = yaml.replace("ports: ['8080:80']", "ports: ['127.0.0.1:8080:80']");
    expect(lo).not.toBe(yaml);
    expect(rulesOf(file('docker-lo.save'))).toBe(compileDockerHost(lo).rulesetText);
  });

  it('host.yaml is the compiled host', () => {
    const want = readHost(compileDockerHost(yaml).host).host;
    const got = readHost(parse(file('host.yaml'))).host;
    expect(got).toEqual(want);
  });
});
