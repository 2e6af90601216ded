/** What the stack scripts, benchmarks and the e2e set-up use of the gateway. */
export { GATEWAY_HEALTH_PATH, buildGateway } from './app.ts';
export { GATEWAY_ENV_KEYS, loadGatewayConfig, type GatewayConfig } from './config.ts';
export { speakToPcm } from './tts/espeak.ts';
export { wavFile } from './voice/recognizer.ts';
export { Resampler } from './voice/resampler.ts';
