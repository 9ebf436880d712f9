/**
 * Manifests as tutorials write them: a Deployment and a Service with no Node and no Cluster
 * document are compiled on assumed nodes (said in the problem list, with the Node YAML to
 * paste), a misspelled key is a warning there, and a packet to the Service is traced.
 */
import { expect, test, type Page } from '@playwright/test';
import { openTraced, watchErrors } from './support.ts';

/** The browser globals the page callback uses (this file is type-checked without the DOM). */
interface PageGlobals {
  navigator: { clipboard: { writeText(text: string): Promise<void> } };
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
// the machine is shared; Monaco alone takes seconds to load on it
test.setTimeout(90_000);

/** Replaces the editor's text with a paste, as a user would (typing would be re-indented). */
async function pasteIntoEditor(page: Page, text: string): Promise<void> {
  const editor = page.locator('.editor-pane .monaco-editor');
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.click({ position: { x: 80, y: 20 } });
  await page.keyboard.press('ControlOrMeta+A');
  await page.evaluate(
    (t) => (globalThis as unknown as PageGlobals).navigator.clipboard.writeText(t),
    text,
  );
  await page.keyboard.press('ControlOrMeta+V');
}

/** One document per line, in flow style, so the editor's auto-indent cannot change it. */
const PLAIN = [
  '{apiVersion: apps/v1, kind: Deployment, metadata: {name: web}, spec: {replicas: 2, selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}, spec: {containers: [{name: web, image: nginx, ports: [{containerPort: 8080}]}]}}}}',
  '---',
  '{apiVersion: v1, kind: Service, metadata: {name: web}, spec: {selector: {app: web}, ports: [{port: 80, tragetPort: 8080}]}}',
  '',
].join('\n');

test('a plain Deployment and Service are traced on assumed nodes; a misspelled key is warned about', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await openTraced(page);
  await pasteIntoEditor(page, PLAIN);

  const problems = page.getByTestId('problems');
  await expect(problems).toContainText('no Node objects', { timeout: 15_000 });
  await expect(problems.getByLabel('YAML you can paste')).toContainText('kind: Node');
  await expect(problems).toContainText('did you mean "targetPort"?');
  await expect(page.locator('.editor-pane .squiggly-warning').first()).toBeVisible();

  // from the Deployment's second pod to the Service
  await page.getByTestId('packet-source').selectOption({ index: 1 });
  await page.getByTestId('packet-destination').selectOption({ index: 0 });
  // by the keyboard: what the layout puts over the button at some widths does not matter
  await page.getByRole('button', { name: 'Send', exact: true }).focus();
  await page.keyboard.press('Enter');
  // the typo leaves targetPort at the Service port: DNAT to a pod's port 80
  await expect(page.getByTestId('result-packet')).toContainText(/10\.244\.[12]\.2:80\b/, {
    timeout: 15_000,
  });
  expect(errors).toEqual([]);
});
