import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';
import { FAKE_MIC_PHRASE, FAKE_MIC_WAV } from '../support/fake-mic.ts';

// Chromium's fake microphone plays our own spoken phrase once (%noloop), and grants the permission.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${FAKE_MIC_WAV}%noloop`],
  },
});

test('the microphone streams speech to the voice socket and the recognised text lands in the box', async ({ page }) => {
  await page.goto('/PartnerMgmtApp/home');
  await page.getByRole('button', { name: 'Chat with Guru' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat with Guru!' });
  await expect(panel.getByText('I am Guru')).toBeVisible();
  await panel.getByRole('button', { name: 'Speak' }).click();
  await expect(panel.getByRole('button', { name: 'Stop recording' })).toBeVisible();
  // Partial results fill the box while the phrase plays; once it is all there, stop.
  await expect(panel.getByLabel('Message')).toHaveValue(FAKE_MIC_PHRASE.toLowerCase(), { timeout: 20_000 });
  await panel.getByRole('button', { name: 'Stop recording' }).click();
  await expect(panel.getByLabel('Message')).toHaveValue(FAKE_MIC_PHRASE.toLowerCase(), { timeout: 20_000 });
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByText(/complete four steps: KYP details/)).toBeVisible();
});
