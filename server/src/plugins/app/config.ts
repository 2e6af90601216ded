import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config.ts';

/** How far the server's now is from real time: moved by the developer controls' virtual clock. */
export interface ClockOffset {
  offsetMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    /**
     * The current time, which every rule that depends on time reads (sessions' idle rule, OTPs,
     * throttles, reminders, auctions, feedback quarters, grievance windows): injectable so tests can
     * move it, and moved by the virtual clock of the developer controls.
     */
    now: () => Date;
    clockOffset: ClockOffset;
  }
}

export default fp<{ config: ServerConfig; now?: () => Date }>(
  async (app, opts) => {
    app.decorate('config', opts.config);
    const real = opts.now ?? (() => new Date());
    const clockOffset: ClockOffset = { offsetMs: 0 };
    app.decorate('clockOffset', clockOffset);
    app.decorate('now', () => (clockOffset.offsetMs === 0 ? real() : new Date(real().getTime() + clockOffset.offsetMs)));
  },
  { name: 'config' },
);
