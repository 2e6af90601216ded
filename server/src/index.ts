/** What the stack scripts and the shared test support use of the API server. */
export { buildApp, type BuildOptions } from './app.ts';
export { SERVER_ENV_KEYS, loadConfig, type ServerConfig } from './config.ts';
export { startSmtpSink } from './features/mailbox/smtp-sink.ts';
export { callOk, multipartBody, samplePdf, uploadPdf, type Injector } from './features/devtools/api-client.ts';
export { completeDomesticProfile, gstinFor } from './features/devtools/profile-filler.ts';
