/**
 * In Korean, the engine's diagnostics read as Korean where the learner made the mistake: a
 * cluster YAML with a port out of range, a misspelled field and a NetworkPolicy whose endPort
 * is below its port, then a dump's ipset text with a line that is no ipset command, and the
 * packet form's problem with a destination that is no address. One page;
 * screenshots go to SHOTS_DIR (default /tmp/shots-diagko) at a phone's, a tablet's and a
 * laptop's size.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { shareLink } from './journey-kit.ts';
import { watchErrors } from './support.ts';

const SHOTS = process.env['SHOTS_DIR'] ?? '/tmp/shots-diagko';
const RULES = readFileSync('tests/fixtures/cli/policy-sets.rules', 'utf8');
const SETS = readFileSync('tests/fixtures/cli/policy-sets.ipset', 'utf8');

const BAD_YAML = `apiVersion: v1
kind: Pod
metadata: {name: web-1, labels: {app: web}}
spec: {nodeName: node-a}
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selctor:
    app: web
  ports:
    - port: 70000
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: web-only
spec:
  podSelector: {}
  ingress:
    - ports:
        - port: 90
          endPort: 80
`;

/** The page, and the list the diagnostics are in (with `item` scrolled into view), at each size. */
async function shoot(page: Page, name: string, list: Locator, item: Locator): Promise<void> {
  for (const [width, height] of [
    [390, 844],
    [1024, 700],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await item.evaluate((e) => e.scrollIntoView({ block: 'nearest' }));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    await list.screenshot({ path: `${SHOTS}/${name}-list-${width}.png` });
  }
}

test('YAML and ipset mistakes are said in Korean at their line and column', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const errors = watchErrors(page);
  await page.goto(
    shareLink(
      BAD_YAML,
      {
        source: { kind: 'client', name: 'laptop' },
        destination: { kind: 'address', address: '10.96.0.10' },
        entryNode: 'node-a',
      },
      'ko',
    ),
  );
  const problems = page.getByTestId('problems');
  const problem = (text: string) => problems.locator('li').filter({ hasText: text });
  await expect(
    problem('spec.ports[0].port 값이 70000입니다. 1부터 65535 사이여야 합니다.'),
  ).toContainText('14행 13열', { timeout: 30_000 });
  await expect(
    problem('Service의 spec에는 "selctor" 필드가 없습니다. 혹시 "selector"인가요?'),
  ).toContainText('11행 3열');
  await expect(problem('endPort(80)가 port(90)보다 작습니다.')).toContainText('25행 20열');
  // the English sentence stays reachable, as the tooltip of the Korean one
  await expect(problem('70000입니다').locator('.message')).toHaveAttribute(
    'title',
    /is 70000; it must be between 1 and 65535/,
  );
  await shoot(page, 'yaml', problems, problem('70000입니다'));

  await page.getByTestId('mode-switch').locator('button').nth(1).click();
  await page.getByTestId('dump-file').setInputFiles({
    name: 'node.rules',
    mimeType: 'text/plain',
    buffer: Buffer.from(RULES, 'utf8'),
  });
  await expect(page.getByTestId('dump-format')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('dump-tab-sets').click();
  await page.getByTestId('ipset-text').fill(`${SETS}ad KUBE-SRC-MNBLPZOJUX4JSB2F 10.1.0.1\n`);
  const lines = SETS.split('\n').length;
  await expect(
    page
      .getByTestId('ipset-problems')
      .locator('li')
      .filter({ hasText: `${lines}행 1열` }),
  ).toContainText('ipset 명령이 아닙니다: "ad"');
  const ipsetProblems = page.getByTestId('ipset-problems');
  await shoot(page, 'ipset', ipsetProblems, ipsetProblems);
  // the packet form's own problem (packet-form.ts says it in English) reads as Korean
  await page.getByTestId('packet-destination-address').fill('10.0.0.300');
  await expect(
    page.getByRole('alert').filter({ hasText: '이 패킷은 보낼 수 없습니다' }),
  ).toHaveText(/IPv4 주소.*아닙니다: 10\.0\.0\.300$/);
  expect(errors).toEqual([]);
});
