import { expect, test, type Page } from '../support/fixtures.ts';
import { BOT_REPLY_MIN_DELAY_MS, TYPING_STATE_DELAY_MS, UI_MESSAGES, webUrl } from '@pp/contract';

async function openChat(page: Page) {
  await page.goto(webUrl('home'));
  await page.getByRole('button', { name: 'Chat with Guru' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat with Guru!' });
  await expect(panel.getByText('I am Guru, your Partner Portal assistant')).toBeVisible();
  return panel;
}

test('a visitor asks the chat assistant in English and Hindi and follows a reply button', async ({ page }, testInfo) => {
  const panel = await openChat(page);
  await expect(panel.getByPlaceholder('Type your Query here...')).toBeVisible();
  await expect(panel.getByLabel('Replies are also read aloud')).toBeVisible();

  await panel.getByLabel('Message').fill('  how do i regster as a partner  ');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByText('how do i regster as a partner', { exact: true })).toBeVisible();
  await expect(panel.getByText(/complete four steps: KYP details/)).toBeVisible();

  await panel.getByRole('button', { name: 'Main menu' }).last().click();
  await panel.getByRole('button', { name: 'Orders & invoices' }).last().click();
  await panel.getByRole('button', { name: 'Where can I see my purchase orders?' }).click();
  await expect(panel.getByText(/open Order Summary in the partner dashboard/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('chat-english.png') });

  await panel.getByRole('button', { name: 'Language' }).click();
  await panel.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(panel.getByText('नमस्ते! मैं गुरु हूँ')).toBeVisible();
  await expect(panel.getByText('how do i regster as a partner', { exact: true })).toHaveCount(0);
  await panel.getByLabel('Message').fill('पासवर्ड भूल गया');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByText(/पासवर्ड भूल गए चुनें/)).toBeVisible();
});

test('the callback mini form checks each part and the assistant confirms the request', async ({ page }) => {
  const panel = await openChat(page);
  await panel.getByRole('button', { name: 'Request a callback' }).first().click();
  const form = panel.getByRole('form', { name: 'Callback request' });
  await expect(form).toBeVisible();
  const submit = form.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await form.getByLabel('Your name').fill('Asha Verma');
  await form.getByLabel('Company name').fill('Verma Steel');
  await form.getByLabel('Mobile number').fill('98765');
  await form.getByLabel('E-mail').fill('asha@verma.in');
  await expect(form.getByText('Enter Valid 10 digit mobile number not starting with 0')).toBeVisible();
  await expect(submit).toBeDisabled();
  await form.getByLabel('Mobile number').fill('9876543210');
  await expect(form.getByText('+91')).toBeVisible();
  await submit.click();
  await expect(submit).toBeDisabled();
  await expect(panel.getByText(/Thank you, Asha Verma\. We have noted your request \(reference PQ\d{7}\)/)).toBeVisible();
});

test('a 502 from the server (gateway down) shows the trouble messages and pauses input', async ({ page }) => {
  // The page's clock is held from the send on, so the 3-second pause cannot run out on a slow
  // machine before it has been seen.
  await page.clock.install();
  const panel = await openChat(page);
  // What the API server answers while the gateway is stopped (server/src/plugins/external/gateway-proxy.ts).
  await page.route('**/chatbot/api/bot', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({ response: null, failureMessage: UI_MESSAGES.serviceDown, errorCode: 502 }),
    }),
  );
  await panel.getByLabel('Message').fill('hello');
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await panel.getByRole('button', { name: 'Send' }).click();
  // The reply's least delay passes only as the held clock is moved on.
  await expect(async () => {
    await page.clock.runFor(BOT_REPLY_MIN_DELAY_MS / 4);
    await expect(panel.getByText(UI_MESSAGES.chatTrouble)).toBeVisible({ timeout: 500 });
  }).toPass();
  await expect(panel.getByText(UI_MESSAGES.chatTroubleGuru)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Send' })).toBeDisabled();
  // No page-level alert for chatbot URLs (spec section 8).
  await expect(page.getByRole('dialog', { name: 'Partner Portal' })).toHaveCount(0);
  await page.clock.runFor(TYPING_STATE_DELAY_MS);
  await expect(panel.getByRole('button', { name: 'Send' })).toBeEnabled();
});

test('the chat icon hides once the page is scrolled 50 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto(webUrl('home'));
  const icon = page.getByRole('button', { name: 'Chat with Guru' });
  await expect(icon).toBeVisible();
  // The icon can show before the page's content has arrived; only a page with content can scroll.
  await expect(page.getByRole('heading', { name: 'What you can do here' })).toBeVisible();
  await page.mouse.wheel(0, 120);
  await expect(icon).toBeHidden();
  await page.mouse.wheel(0, -400);
  await expect(icon).toBeVisible();
});
