import { expect, test } from '../support/fixtures.ts';
import { killGateway } from '../support/stack.ts';
import { UI_MESSAGES, webUrl } from '@pp/contract';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';

// Chromium's fake microphone (a tone) with the permission granted, for the voice attempt.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

// Runs in its own project after every other journey (playwright.config.ts), as it stops the gateway.
test('when the gateway is stopped the assistant says it has trouble connecting, then recovers', async ({ page }) => {
  // Keeps every microphone track the page opens, to check it is stopped after a failure.
  await page.addInitScript(() => {
    const tracks: MediaStreamTrack[] = [];
    (window as unknown as { microphoneTracks: MediaStreamTrack[] }).microphoneTracks = tracks;
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      tracks.push(...stream.getTracks());
      return stream;
    };
  });
  await page.goto(webUrl('home'));
  await page.getByRole('button', { name: 'Chat with Guru' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat with Guru!' });
  await expect(panel.getByText('I am Guru')).toBeVisible();

  await killGateway();
  // The voice socket cannot reach the gateway: the user is told, and the microphone is let go.
  await panel.getByRole('button', { name: 'Speak' }).click();
  await expect(panel.getByText(UI_MESSAGES.voiceNotReachable)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Speak' })).toBeVisible();
  // Depending on how fast the socket fails the microphone may not have been opened at all.
  const liveMicrophones = () =>
    page.evaluate(
      () =>
        (window as unknown as { microphoneTracks: MediaStreamTrack[] }).microphoneTracks.filter((t) => t.readyState === 'live')
          .length,
    );
  await expect.poll(liveMicrophones).toBe(0);

  await panel.getByLabel('Message').fill('hello');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByText(UI_MESSAGES.chatTrouble)).toBeVisible();
  await expect(panel.getByText(UI_MESSAGES.chatTroubleGuru)).toBeVisible();
  // Chatbot URLs raise no page alert (spec section 8), and input waits 3 s.
  await expect(page.getByRole('dialog', { name: 'Partner Portal' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Send' })).toBeDisabled();

  // The stack brings the gateway back; the chat works again.
  await expect(async () => {
    const res = await page.request.post('/chatbot/api/bot', { data: { sender: 'probe', message: 'hello' } });
    expect(res.status()).toBe(200);
  }).toPass({ timeout: 30_000 });
  await panel.getByLabel('Message').fill('how do I register');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByText(/complete four steps: KYP details/)).toBeVisible();
});
