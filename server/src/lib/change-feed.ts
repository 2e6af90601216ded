import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { CHANGE_CHANNEL, RESET_ALL } from '@pp/db';

/** How long to wait before listening again after the connection broke. */
const RECONNECT_MS = 1_000;

/**
 * What every server instance hears of changes to rows it may keep in memory (sessions, users,
 * partners): PostgreSQL's LISTEN/NOTIFY, fed by triggers, so a change on any instance reaches all.
 * While the connection is down nothing may be trusted from memory (`healthy` says so), and when it
 * comes back every cache is dropped (notifications sent meanwhile are lost).
 */
export interface ChangeFeed {
  healthy(): boolean;
  /** Calls `handler` with the key of each changed row of `table`. */
  on(table: string, handler: (key: string) => void): void;
  /** Calls `handler` when notifications may have been missed: forget everything. */
  onReset(handler: () => void): void;
  close(): Promise<void>;
}

/** No feed (an app on an injected database without its address): memory is never trusted. */
export const noChangeFeed = (): ChangeFeed => ({
  healthy: () => false,
  on: () => undefined,
  onReset: () => undefined,
  close: async () => undefined,
});

export function startChangeFeed(url: string, log: FastifyBaseLogger): ChangeFeed {
  const handlers = new Map<string, ((key: string) => void)[]>();
  const resets: (() => void)[] = [];
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const reset = () => {
    for (const r of resets) r();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, RECONNECT_MS);
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    let lost = false;
    const lose = (error?: Error) => {
      if (lost) return;
      lost = true;
      listening = false;
      reset();
      void c.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err: error }, 'change feed lost: memory caches are off until it is back');
      schedule();
    };
    c.on('notification', (message) => {
      const payload = message.payload ?? '';
      // The whole database was put back (the developer controls' reset): nothing held may be trusted.
      if (payload === RESET_ALL) return reset();
      const at = payload.indexOf(':');
      for (const h of handlers.get(payload.slice(0, at)) ?? []) h(payload.slice(at + 1));
    });
    c.on('error', lose);
    c.on('end', () => lose());
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
      // Whatever changed while nobody listened is unknown: start from nothing.
      reset();
      if (!lost) listening = true;
    } catch (error) {
      lose(error as Error);
    }
  };
  void connect();

  return {
    healthy: () => listening,
    on(table, handler) {
      handlers.set(table, [...(handlers.get(table) ?? []), handler]);
    },
    onReset(handler) {
      resets.push(handler);
    },
    async close() {
      closed = true;
      listening = false;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
