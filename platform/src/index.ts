export * from './app-error.ts';
export * from './contract-client.ts';
export * from './errors.ts';
export * from './outage.ts';
export * from './routes.ts';
export * from './validation.ts';
export * from './rate-limit.ts';
export * from './secrets.ts';
