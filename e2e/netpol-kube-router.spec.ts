/**
 * kube-router's NetworkPolicy example in the app: its policy version opened by a share link, sent
 * from the pod the policy does not allow. The journey ends in a REJECT by db's pod chain and names
 * the policy, in English and Korean. With SHOTS_DIR set, screenshots at phone, tablet and laptop
 * sizes go there (outside the repository, to be looked at).
 */
import { expect, test } from '@playwright/test';
import { netpolKubeRouter } from '../src/engine/scenarios/netpol-kube-router.ts';
import { scenarioLink, shootSizes } from './journey-kit.ts';
import { watchErrors } from './support.ts';

test.setTimeout(120_000);

test("kube-router's pod chain rejects the packet and the journey names the policy", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(scenarioLink(netpolKubeRouter, 'en'));
  const policy = page.getByTestId('journey-policy');
  await expect(policy).toBeVisible({ timeout: 60_000 });
  await expect(policy).toContainText('Blocked by NetworkPolicy shop/db-from-frontend');
  await expect(policy).toContainText('pod shop/db for ingress');
  await expect(policy).toContainText('KUBE-POD-FW-');
  await expect(page.getByTestId('journey-outcome')).toContainText('REJECT');
  await shootSizes(page, 'kr-netpol-en');
  await page.getByRole('button', { name: '한국어' }).click();
  await expect(policy).toContainText('NetworkPolicy shop/db-from-frontend에 막혔습니다');
  await shootSizes(page, 'kr-netpol-ko');
  expect(errors).toEqual([]);
});
