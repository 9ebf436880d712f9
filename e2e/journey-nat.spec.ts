/**
 * The journey's address translations, labelled: every one on each node, in order, named by what
 * it does (the request's DNAT and MASQUERADE, the reply's un-SNAT and un-DNAT by conntrack), with
 * the packet before and after, in English and Korean.
 */
import { expect, test, type Page } from '@playwright/test';
import { checkStrip, expectFits, shareLink } from './journey-kit.ts';
import { watchErrors } from './support.ts';
import { ETP_LOCAL_YAML } from '../src/engine/scenarios/etp-local.ts';
import { NODEPORT_30080_YAML } from '../src/engine/scenarios/nodeport-other-node.ts';

test.use({ viewport: { width: 1280, height: 800 } });
test.setTimeout(90_000);

const NODEPORT = {
  source: { kind: 'client', name: 'laptop' },
  destination: {
    kind: 'nodeport',
    namespace: 'default',
    name: 'service-test-nodeport',
    nodePort: 30080,
    node: 'node-b',
  },
  entryNode: 'node-b',
};

const ETP_LOCAL = {
  source: { kind: 'client', name: 'laptop' },
  destination: {
    kind: 'nodeport',
    namespace: 'default',
    name: 'web',
    nodePort: 30081,
    node: 'node-a',
  },
  entryNode: 'node-a',
};

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('journey-outcome')).toBeVisible({ timeout: 30_000 });
}

/** The kinds the list shows, in order, and those the strip's box of `node` shows. */
async function kinds(page: Page, node: string): Promise<{ list: string[]; box: string[] }> {
  const list = await page
    .getByTestId('journey-nat')
    .locator('[data-kind]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind') ?? ''));
  const box = await page
    .getByTestId('journey-strip')
    .locator(`[data-place="node:${node}"] [data-nat]`)
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-nat') ?? ''));
  return { list, box };
}

test('laptop → NodePort on the node without the pod: DNAT and MASQUERADE, then un-SNAT and un-DNAT', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, shareLink(NODEPORT_30080_YAML, NODEPORT, 'en'));
  const order = ['dnat', 'masquerade', 'un-snat', 'un-dnat'];
  expect(await kinds(page, 'node-b')).toEqual({ list: order, box: order });
  const nat = page.getByTestId('journey-nat');
  const items = nat.locator('[data-kind]');
  await expect(nat).toContainText('Address translations on each node');
  await expect(nat.locator('[data-leg="request"]').first()).toContainText('Request on node-b');
  await expect(items.nth(0)).toContainText('DNAT');
  await expect(items.nth(0)).toContainText('PREROUTING · rule KUBE-SEP-');
  await expect(items.nth(0)).toContainText(
    'before172.16.0.10:40000 → 10.32.7.224:30080after172.16.0.10:40000 → 10.42.0.69:8080',
  );
  await expect(items.nth(1)).toContainText('MASQUERADE');
  await expect(items.nth(1)).toContainText('rule KUBE-POSTROUTING #3');
  await expect(items.nth(1)).toContainText('after10.32.7.224:40000 → 10.42.0.69:8080');
  await expect(items.nth(2)).toContainText('un-SNAT');
  await expect(items.nth(2)).toContainText('PREROUTING · conntrack entry');
  await expect(items.nth(3)).toContainText('un-DNAT');
  await expect(items.nth(3)).toContainText('after10.32.7.224:30080 → 172.16.0.10:40000');
  // node-a only forwards: listed, with no translation
  await expect(nat.locator('[data-leg="request"]').nth(1)).toContainText('no translation');
  // the box names each one; the reply's first is no longer called SNAT
  const box = page.getByTestId('journey-strip').locator('[data-place="node:node-b"]');
  await expect(box).toContainText('MASQ 10.32.7.224:40000');
  await expect(box).toContainText('↩un-DNAT 10.32.7.224:30080');
  expectFits(await checkStrip(page), 4);

  await page.getByRole('button', { name: '한국어' }).click();
  await expect(nat).toContainText('노드별 주소 변환');
  await expect(nat.locator('[data-leg="request"]').first()).toContainText('node-b의 요청');
  await expect(items.nth(1)).toContainText('규칙 KUBE-POSTROUTING #3');
  await expect(items.nth(1)).toContainText('응답도 이 노드를 거쳐 돌아옵니다');
  await expect(items.nth(2)).toContainText('conntrack 항목');
  await expect(items.nth(0)).toContainText('전172.16.0.10:40000 → 10.32.7.224:30080');
  expectFits(await checkStrip(page), 4);
  expect(errors).toEqual([]);
});

test('externalTrafficPolicy Local: a DNAT and its un-DNAT, and nothing called SNAT', async ({
  page,
}) => {
  const errors = watchErrors(page);
  for (const lang of ['en', 'ko'] as const) {
    await open(page, shareLink(ETP_LOCAL_YAML, ETP_LOCAL, lang));
    const order = ['dnat', 'un-dnat'];
    expect(await kinds(page, 'node-a')).toEqual({ list: order, box: order });
    const journey = page.getByTestId('journey');
    await expect(page.getByTestId('journey-nat')).toContainText(
      '192.168.1.10:30081 → 172.16.0.10:40000',
    );
    await expect(journey).not.toContainText(/(^|[^-])SNAT|MASQ/);
  }
  await expect(page.getByTestId('journey-nat')).toContainText(
    'conntrack이 응답의 출발지를 보낸 쪽이 접속했던 주소로 되돌립니다.',
  );
  expect(errors).toEqual([]);
});
