import type { APIRequestContext, Page } from '@playwright/test';
import { MESSAGES, UI_MESSAGES, api, endpointUrl, webUrl, type FaultInput, type Scenario } from '@pp/contract';
import { E2E_REPLICAS } from '../playwright.config.ts';
import { expect, pageUrl, test } from '../support/fixtures.ts';

/**
 * The section 8 answers as the app shows them, each made by a fault rule of the developer controls
 * for this journey's partner alone (other journeys run meanwhile), on the feedback page's Save draft.
 */
async function addFault(request: APIRequestContext, input: Partial<FaultInput> & Pick<FaultInput, 'effect'>) {
  const res = await request.post(endpointUrl(api.devtools.addFault), { data: { count: 1, ...input } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { response: { id: number } }).response.id;
}

async function openFeedback(page: Page) {
  await page.goto(webUrl('partnerFeedback'));
  const question = page.getByRole('group', {
    name: "How clear were the scope and specifications in the group's orders this quarter?",
  });
  await question.getByLabel('5 – Excellent').check();
  return page.getByRole('button', { name: 'Save draft' });
}

const saveDraft = { operationId: 'feedbackSaveDraft' };

test('a 500 shows the server’s words; the next save goes through', async ({ signedIn: page, partner, request }) => {
  await addFault(request, { ...saveDraft, account: partner.username, effect: { kind: 'status', status: 500 } });
  const save = await openFeedback(page);
  await save.click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(MESSAGES.internalError);
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Your draft is saved.' })).toBeVisible();
});

test('a 502 raises the service-down alert of section 8', async ({ signedIn: page, partner, request }) => {
  await addFault(request, { ...saveDraft, account: partner.username, effect: { kind: 'status', status: 502 } });
  await (await openFeedback(page)).click();
  const dialog = page.getByRole('dialog', { name: 'Partner Portal' });
  await expect(dialog).toContainText(UI_MESSAGES.serviceDown);
});

test('a 440 ends the session and shows the login page with the idle message', async ({ signedIn: page, partner, request }) => {
  await addFault(request, { ...saveDraft, account: partner.username, effect: { kind: 'status', status: 440 } });
  await (await openFeedback(page)).click();
  await expect(page).toHaveURL(/\/login\?sourceFrom=ShowValidationMessage$/);
  await expect(page.getByTestId('idle-message')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
});

test('a dropped connection shows the app’s own message (the proxy’s 502 behind nginx)', async ({
  signedIn: page,
  partner,
  request,
}) => {
  // The browser sends a request again when a kept-alive connection closes without an answer: the
  // connection stays down for every try until the rule goes, as a network that is really away does.
  const id = await addFault(request, { ...saveDraft, account: partner.username, count: 1_000, effect: { kind: 'drop' } });
  await (await openFeedback(page)).click();
  // Straight from the server the browser sees the connection close; behind the containers' proxy
  // (the replicas' nginx) the proxy answers 502 for the upstream it lost, as a production one would.
  const shown = E2E_REPLICAS > 1 ? UI_MESSAGES.serviceDown : UI_MESSAGES.internalError;
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(shown);
  await request.delete(endpointUrl(api.devtools.deleteFault, { params: { id } }));
});

test('a slow answer shows the loading state until it arrives', async ({ signedIn: page, partner, request }) => {
  await addFault(request, { ...saveDraft, account: partner.username, effect: { kind: 'delayFixed', ms: 3_000 } });
  await (await openFeedback(page)).click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your draft is saved.' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
});

test('the control page makes a scenario partner and opens the app signed in as it', async ({ page }) => {
  await page.goto(webUrl('devtools'));
  const scenarios = page.getByRole('region', { name: 'Scenarios' });
  await scenarios.getByRole('combobox', { name: 'Scenario' }).selectOption('sentBack');
  await scenarios.getByRole('button', { name: 'Make a partner' }).click();
  const row = scenarios.getByRole('row').filter({ hasText: 'sentBack' }).first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  const username = (await row.locator('code').nth(1).textContent())!;
  await row.getByRole('button', { name: `Open signed in as ${username}` }).click();
  await expect(page).not.toHaveURL(pageUrl('devtools'));
  await expect(page.getByText(/cancelled cheque is not legible/).first()).toBeVisible();
  const scenario = (
    (await (await page.request.get(endpointUrl(api.devtools.scenarios))).json()) as {
      response: { made: Scenario[] };
    }
  ).response.made.find((s) => s.username === username)!;
  await page.request.delete(endpointUrl(api.devtools.resetScenario, { params: { id: scenario.id } }));
});
