import { api, endpointUrl, webUrl, type Scenario } from '@pp/contract';
import { expect, test } from '../support/fixtures.ts';
import { login } from '../support/identity.ts';

// Moves the server's clock for everyone, so it runs in its own project after the other journeys (playwright.config.ts).
test('a reminder appears when the virtual clock reaches 30 days before a document expires', async ({ page, request }) => {
  const made = await request.post(endpointUrl(api.devtools.makeScenario), { data: { scenario: 'approved' } });
  expect(made.status(), await made.text()).toBe(200);
  const s = ((await made.json()) as { response: Scenario }).response;
  try {
    // The scenario's ISO certificate expires on 2028-03-31.
    const moved = await request.post(endpointUrl(api.devtools.setClock), { data: { at: '2028-03-10T09:00:00+05:30' } });
    expect(moved.status()).toBe(200);
    await login(page, s.username, s.password);
    // Signed in once the app has left the login page: going elsewhere sooner would cancel the sign-in.
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(webUrl('partnerReminder'));
    const reminder = page.getByTestId('notification').filter({ hasText: 'Please upload the renewed document.' });
    await expect(reminder.first()).toBeVisible();
  } finally {
    await request.delete(endpointUrl(api.devtools.resetClock));
    await request.delete(endpointUrl(api.devtools.resetScenario, { params: { id: s.id } }));
  }
});
