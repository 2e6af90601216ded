import { closeOnStop } from '@pp/platform';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const app = await buildApp(config);

closeOnStop((reason) => {
  app.log.info(`${reason}: closing`);
  return app.close();
});

await app.listen({ host: config.host, port: config.port });
