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

/** Recordings tried before the journey gives up: a person whose words came out wrong says them again. */
const ATTEMPTS = 3;
const PHRASE = /register.*partner/;

test('the microphone streams speech to the voice socket and the recognised text lands in the box', async ({ page }) => {
  // Each recording lasts at most 10 s plus recognition; a retried one needs the room.
  test.setTimeout(120_000);
  await page.goto(webUrl('home'));
  await page.getByRole('button', { name: 'Chat with Guru' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat with Guru!' });
  await expect(panel.getByText('I am Guru')).toBeVisible();
  const box = panel.getByLabel('Message');
  const speak = panel.getByRole('button', { name: 'Speak' });
  const stop = panel.getByRole('button', { name: 'Stop recording' });
  // On a loaded machine Chromium's capture can drop audio and the recogniser then hears other words
  // (CI once heard "how do i got how to"); the pipeline is what this journey checks, so a garbled
  // recording is said again, as a person would, and three garbled ones fail it.
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    await speak.click();
    await expect(stop).toBeVisible();
    // Partial results fill the box while the phrase plays; once a whole phrase is in, stop. A
    // recording also stops by itself after 10 s, which can come first.
    await expect
      .poll(async () => PHRASE.test(await box.inputValue()) || (await speak.isVisible()), { timeout: 20_000 })
      .toBe(true);
    if (await stop.isVisible()) await stop.click({ timeout: 2_000 }).catch(() => undefined);
    // The final text replaces the partial one when the recogniser has finished.
    await expect(speak).toBeVisible({ timeout: 20_000 });
    if (PHRASE.test(await box.inputValue())) break;
  }
  // A loaded machine can drop a little captured audio, so the words are checked, not every letter.
  await expect(box).toHaveValue(PHRASE);
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByText(/complete four steps: KYP details/)).toBeVisible();
});
