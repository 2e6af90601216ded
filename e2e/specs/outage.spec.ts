import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { MESSAGES } from '@pp/contract';

const GATEWAY_PID_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.data/e2e/gateway.pid');

// Runs in its own project after every other journey (playwright.config.ts), as it stops the gateway.
test('when the gateway is stopped the assistant says it has trouble connecting, then recovers', async ({ page }) => {
  await page.goto('/PartnerMgmtApp/home');
  await page.getByRole('button', { name: 'Chat with Guru' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat with Guru!' });
  await expect(panel.getByText('I am Guru')).toBeVisible();

  process.kill(Number(readFileSync(GATEWAY_PID_FILE, 'utf8')), 'SIGKILL');
  await panel.getByLabel('Message').fill('hello');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByText(MESSAGES.chatTrouble)).toBeVisible();
  await expect(panel.getByText(MESSAGES.chatTroubleGuru)).toBeVisible();
  // Chatbot URLs raise no page alert (spec section 8), and input waits 3 s.
  await expect(page.getByRole('dialog', { name: 'Partner Portal' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Send' })).toBeDisabled();

  // npm start brings the gateway back; the chat works again.
  await expect(async () => {
    const res = await page.request.post('/chatbot/api/bot', { data: { sender: 'probe', message: 'hello' } });
    expect(res.status()).toBe(200);
  }).toPass({ timeout: 30_000 });
  await panel.getByLabel('Message').fill('how do I register');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByText(/complete four steps: KYP details/)).toBeVisible();
});
