import { webUrl } from '@pp/contract';
import { expect, test } from '../support/fixtures.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';
import { FAKE_MIC_WAV } from '../support/fake-mic.ts';

// Chromium's fake microphone plays our own spoken phrase ("how do I register as a partner", written by
// support/global-setup.ts) over and over, and grants the permission. It starts playing when the page
// asks for the microphone; on a loaded machine the capture can be wired up after the first words have
// gone by, so the journey waits for a whole phrase rather than relying on the first one.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${FAKE_MIC_WAV}`,
    ],
  },
});

test('the microphone streams speech to the voice socket and the recognised text lands in the box', async ({ page }) => {
  await page.goto(webUrl('home'));
  await page.getByRole('button', { name: 'Chat with Guru' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat with Guru!' });
  await expect(panel.getByText('I am Guru')).toBeVisible();
  await panel.getByRole('button', { name: 'Speak' }).click();
  await expect(panel.getByRole('button', { name: 'Stop recording' })).toBeVisible();
  // Partial results fill the box while the phrase plays; once a whole phrase is in, stop.
  const box = panel.getByLabel('Message');
  await expect(box).toHaveValue(/register.*partner/, { timeout: 20_000 });
  // A recording also stops by itself after 10 s, which on a loaded machine can come first; either way
  // the final text must land in the box.
  const stop = panel.getByRole('button', { name: 'Stop recording' });
  if (await stop.isVisible()) await stop.click({ timeout: 2_000 }).catch(() => undefined);
  await expect(panel.getByRole('button', { name: 'Speak' })).toBeVisible({ timeout: 20_000 });
  // A loaded machine can drop a little captured audio, so the words are checked, not every letter.
  await expect(box).toHaveValue(/register.*partner/);
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByText(/complete four steps: KYP details/)).toBeVisible();
});
