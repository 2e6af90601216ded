import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** What Chromium's fake microphone plays in the voice journey (written by the global setup). */
export const FAKE_MIC_WAV = path.join(root, 'test-results/fake-mic.wav');
export const FAKE_MIC_PHRASE = 'how do I register as a partner';
