/**
 * kube-router's NetworkPolicy example in the app: its policy version opened by a share link, sent
 * from the pod the policy does not allow. The journey ends in a REJECT by db's pod chain and names
 * the policy, in English and Korean. With SHOTS_DIR set, screenshots at phone, tablet and laptop
 * sizes go there (outside the repository, to be looked at).
 */
import { expect, test } from '@playwright/test';
import { netpolKubeRouter } from '../src/engine/scenarios/netpol-kube-router.ts';
import { shareLink } from './journey-kit.ts';
import { watchErrors } from './support.ts';

test.setTimeout(120_000);

const SHOTS = process.env['SHOTS_DIR'];
const SIZES = [
  [390, 844],
  [1024, 700],
  [1440, 900],
] as const;

function link(lang: 'en' | 'ko'): string {
  const form = netpolKubeRouter.packet;
  return shareLink(
    netpolKubeRouter.clusters[1]!.yaml,
    {
      ...form,
      source: { ...form.source },
      destination: { ...form.destination },
      entryNode: form.entryNode,
    },
    lang,
    1,
    netpolKubeRouter.node,
  );
}

test("kube-router's pod chain rejects the packet and the journey names the policy", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(link('en'));
  const policy = page.getByTestId('journey-policy');
  await expect(policy).toBeVisible({ timeout: 60_000 });
  await expect(policy).toContainText('Blocked by NetworkPolicy shop/db-from-frontend');
  await expect(policy).toContainText('pod shop/db for ingress');
  await expect(policy).toContainText('KUBE-POD-FW-');
  await expect(page.getByTestId('journey-outcome')).toContainText('REJECT');
  if (SHOTS)
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${SHOTS}/kr-netpol-en-${width}.png`, fullPage: true });
    }
  await page.getByRole('button', { name: '한국어' }).click();
  await expect(policy).toContainText('NetworkPolicy shop/db-from-frontend에 막혔습니다');
  if (SHOTS)
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${SHOTS}/kr-netpol-ko-${width}.png`, fullPage: true });
    }
  expect(errors).toEqual([]);
});
