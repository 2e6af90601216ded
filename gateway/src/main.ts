import { buildGateway } from './app.ts';
import { loadGatewayConfig } from './config.ts';

const config = loadGatewayConfig();
const app = await buildGateway(config);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ host: config.host, port: config.port });
