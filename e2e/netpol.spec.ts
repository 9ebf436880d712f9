/**
 * NetworkPolicy in the app: the example's policy version opened by a share link, sent from the
 * pod the policy does not allow. The journey's outcome names the policy that blocked it, the pod
 * and the rule, in English and Korean. With SHOTS_DIR set, screenshots at phone, tablet and
 * laptop sizes go there (outside the repository, to be looked at).
 */
import { expect, test } from '@playwright/test';
import { netpolAfterDnat } from '../src/engine/scenarios/netpol-after-dnat.ts';
import { scenarioLink, shootSizes } from './journey-kit.ts';
import { watchErrors } from './support.ts';

test.setTimeout(120_000);

test('the journey says which NetworkPolicy blocked the packet, in English and Korean', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(scenarioLink(netpolAfterDnat, 'en'));
  const policy = page.getByTestId('journey-policy');
  await expect(policy).toBeVisible({ timeout: 60_000 });
  await expect(policy).toContainText('Blocked by NetworkPolicy shop/db-from-frontend');
  await expect(policy).toContainText('pod shop/db for ingress');
  await expect(page.getByTestId('journey-outcome')).toContainText('DROP');
  // with Calico the pod has its own interface: the form and the journey say so, not cni0
  await expect(page.getByTestId('packet-builder')).toContainText("by the pod's own interface cali");
  await expect(page.getByTestId('journey')).toContainText('Pod networking as Calico sets it up');
  await shootSizes(page, 'netpol-en');
  await page.getByRole('button', { name: '한국어' }).click();
  await expect(policy).toContainText('NetworkPolicy shop/db-from-frontend에 막혔습니다');
  await shootSizes(page, 'netpol-ko');
  expect(errors).toEqual([]);
});
