/**
 * The Docker example in the app: picked from the example list, it opens in the dump workspace
 * with the rules dockerd writes and an INPUT rule that drops 8080, and its packet from the
 * internet reaches the container at 172.17.0.2:80 by docker0, with INPUT nowhere on the trace.
 * With SHOTS_DIR set, screenshots at phone, tablet and laptop sizes go there (outside the repo).
 */
import { expect, test } from '@playwright/test';
import { shootSizes } from './journey-kit.ts';
import { watchErrors } from './support.ts';

test.setTimeout(120_000);

test('the Docker example: a published port is forwarded to the container, INPUT never seen', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.getByTestId('example-picker').click();
  await page.getByTestId('example-docker-published-port').click();
  const outcome = page.getByTestId('trace-outcome');
  await expect(outcome).toContainText('ACCEPT', { timeout: 60_000 });
  await expect(outcome).toContainText('docker0');
  await expect(page.getByTestId('result-packet')).toContainText('172.17.0.2:80');
  const steps = page.getByTestId('trace-steps');
  // the DNAT before routing, then the routing decision sends it on: FORWARD, not INPUT
  await expect(steps).toContainText('DNAT 203.0.113.5:8080 → 172.17.0.2:80');
  await expect(steps).toContainText('forward · out docker0');
  await expect(steps).toContainText('jump → DOCKER-USER');
  await expect(steps).not.toContainText('INPUT');
  await shootSizes(page, 'docker-en');
  await page.getByRole('button', { name: '한국어' }).click();
  await expect(outcome).toContainText('ACCEPT');
  await shootSizes(page, 'docker-ko');
  expect(errors).toEqual([]);
});
