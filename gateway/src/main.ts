import { closeOnStop } from '@pp/platform';
import { buildGateway } from './app.ts';
import { loadGatewayConfig } from './config.ts';

const config = loadGatewayConfig();
const app = await buildGateway(config);

closeOnStop(() => app.close());

await app.listen({ host: config.host, port: config.port });
