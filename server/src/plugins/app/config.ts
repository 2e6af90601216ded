import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    /** The current time; injectable so tests can move it past the idle time-out. */
    now: () => Date;
  }
}

export default fp<{ config: ServerConfig; now?: () => Date }>(
  async (app, opts) => {
    app.decorate('config', opts.config);
    app.decorate('now', opts.now ?? (() => new Date()));
  },
  { name: 'config' },
);
