export * from './database.ts';
export * from './factories.ts';
export * from './server-app.ts';
export * from './client-ip.ts';
export * from './call-api.ts';
export * from './sample-files.ts';
export * from './complete-profile.ts';
export * from './workflow-fixtures.ts';
