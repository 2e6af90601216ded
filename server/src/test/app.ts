import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';

/** A controllable clock for idle time-out tests. */
export function testClock(start = new Date('2026-11-22T10:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** The production buildApp with a test database and, optionally, a test clock. */
export async function buildTestApp(
  db: Db,
  options: { now?: () => Date; env?: Record<string, string> } = {},
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'postgresql://unused-by-injected-client/none',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    GATEWAY_URL: 'http://127.0.0.1:9',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const app = await buildApp(config, { db, ...(options.now ? { now: options.now } : {}), logger: false });
  afterAll(() => app.close());
  return app;
}
