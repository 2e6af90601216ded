import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEV_CLIENT_HEADER, GATEWAY_PREFIX, HTTP_SESSION_IDLE, PARTNER_API_PREFIX, faultEffectSchema, say } from '@pp/contract';
import { bearerOf, errorBody, requestLanguage } from '@pp/platform';
import { delayOf, draw, faultText, matches, type FaultRule } from './faults.ts';
import { JournalWriter } from './journal.ts';

/** What the controls keep on each request they watch. */
interface Watched {
  start: number;
  /**
   * Journaled already: a dropped connection is, before its socket closes and the request then counts
   * as aborted (journaled again there, its address was gone and the whole batch was refused).
   */
  journaled: boolean;
  fault: number | null;
  slowBody: number | null;
  /** The answer as sent (a reference: the journal makes its entry of it later, if it keeps it). */
  responsePayload: unknown;
  /**
   * The caller's address as the request came in: once the client has left, the closed socket no
   * longer tells it (request.ip is undefined) and the batch it was written in was refused.
   */
  ip: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    devControls: DevControls;
  }
  interface FastifyRequest {
    devWatch: Watched | null;
  }
}

export interface DevControls {
  /** The rules and the clock as the database has them now (after a control's own write, at once). */
  reload(): Promise<void>;
  journal: JournalWriter;
}

/** The controls' own calls, and the mailbox, are neither faulted nor journaled. */
const DEV_PATH = `${PARTNER_API_PREFIX}/dev/`;
/** While the change feed is down, an instance reads the controls again this often. */
const POLL_MS = 1_000;

const watchedPath = (url: string) =>
  (url.startsWith(`${PARTNER_API_PREFIX}/`) || url.startsWith(`${GATEWAY_PREFIX}/`)) && !url.startsWith(DEV_PATH);

/** An answer sent `bytesPerSecond` at a time, in tenths of a second. */
function trickle(payload: unknown, bytesPerSecond: number): Readable {
  const piece = Math.max(1, Math.floor(bytesPerSecond / 10));
  const source: AsyncIterable<Buffer | string> =
    payload instanceof Readable
      ? payload
      : Readable.from([Buffer.isBuffer(payload) ? payload : Buffer.from(typeof payload === 'string' ? payload : '')]);
  return Readable.from(
    (async function* () {
      for await (const chunk of source) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        for (let i = 0; i < bytes.length; i += piece) {
          yield bytes.subarray(i, i + piece);
          await sleep(100);
        }
      }
    })(),
  );
}

/**
 * The developer controls' hooks, on every request to the APIs: the fault rules (any effect, on
 * the requests a rule matches and draws) and the journal. Registered before the answer-shaping
 * plugins (compression), so the journal reads answers as JSON and a slow body is slowed before it
 * is compressed. The rules and the clock live in the database; each instance holds a copy, read
 * again when the change feed reports a change (or every second while the feed is down).
 */
export default fp(
  async (app) => {
    let rules: FaultRule[] = [];
    // Reads overlap (a rule added while the feed reports the previous change): only the newest
    // started one is kept, else an older read finishing last would bring back rules since removed.
    let loadsStarted = 0;
    let newestApplied = 0;
    const load = async () => {
      const mine = ++loadsStarted;
      const [faults, clock] = await Promise.all([
        app.db.devFault.findMany({ orderBy: { id: 'asc' } }),
        app.db.devClock.findUnique({ where: { id: 1 } }),
      ]);
      if (mine < newestApplied) return;
      newestApplied = mine;
      rules = faults.flatMap((f) => {
        const effect = faultEffectSchema.safeParse(f.effect);
        return effect.success ? [{ ...f, effect: effect.data }] : [];
      });
      app.clockOffset.offsetMs = Number(clock?.offsetMs ?? 0);
    };
    // Once the server is closing, nothing is read: Ctrl-C reaches PostgreSQL at the same moment (one
    // process group), and a read it refuses then is no news.
    let closing = false;
    const reload = async () => {
      if (closing) return;
      await load().catch((error: unknown) => {
        if (!closing) app.log.warn({ err: error }, 'developer controls not read: the last ones hold');
      });
    };
    // The database plugin registers after this one: the writer asks for it when it writes.
    const journal = new JournalWriter(() => app.db, app.config.journal, app.log);
    app.decorate('devControls', { reload, journal });
    app.decorateRequest('devWatch', null);

    let poll: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      await reload();
      app.changes.on('DevFault', () => void reload());
      app.changes.on('DevClock', () => void reload());
      app.changes.onReset(() => void reload());
      poll = setInterval(() => {
        if (!app.changes.healthy()) void reload();
      }, POLL_MS);
      poll.unref();
    });
    app.addHook('preClose', async () => {
      closing = true;
      journal.closing = true;
      if (poll) clearInterval(poll);
    });
    app.addHook('onClose', async () => {
      await journal.flush();
    });

    /**
     * Whether a rule fires on this request: its n-th match draws from its seed, and a count runs out
     * on every instance at once. Answers n when it fires (a delay's draw), else null.
     */
    const fires = async (rule: FaultRule): Promise<number | null> => {
      const [hit] = await app.db.$queryRaw<{ matched: number }[]>`
        UPDATE "DevFault" SET matched = matched + 1 WHERE id = ${rule.id} RETURNING matched`;
      if (!hit || draw(rule.seed, hit.matched) >= rule.probability) return null;
      const fired = await app.db.$executeRaw`
        UPDATE "DevFault" SET fired = fired + 1, remaining = remaining - 1
         WHERE id = ${rule.id} AND (remaining IS NULL OR remaining > 0)`;
      return fired === 1 ? hit.matched : null;
    };

    const userIdOf = async (request: FastifyRequest) => {
      const token = bearerOf(request);
      const claims = token ? await app.tokens.verify(token) : null;
      return claims ? Number(claims.sub) : null;
    };

    const endSession = async (request: FastifyRequest) => {
      const token = bearerOf(request);
      const claims = token ? await app.tokens.verify(token) : null;
      if (claims) await app.sessions.endAsIdle(claims.sid, app.now());
    };

    const clientOf = (request: FastifyRequest) => {
      const value = request.headers[DEV_CLIENT_HEADER];
      return typeof value === 'string' && value.length > 0 ? value.slice(0, 100) : null;
    };

    /**
     * A request for the journal; `reply` null when the client left before its answer was complete.
     * The writer copies what it needs as it queues it: redacting and serialising wait for its
     * batch, which does them for the entries it keeps, apart from any request.
     */
    const record = (request: FastifyRequest, reply: FastifyReply | null, status: number) => {
      const watch = request.devWatch!;
      if (watch.journaled) return;
      watch.journaled = true;
      // Fastify makes the route's options anew on each read.
      const route = request.routeOptions;
      journal.add({
        atMs: app.now().getTime(),
        method: request.method,
        url: request.url,
        routeUrl: route.url,
        operationId: route.schema?.operationId ?? null,
        status,
        durationMs: Math.round(performance.now() - watch.start),
        userId: request.auth?.userId ?? null,
        client: clientOf(request),
        ip: watch.ip,
        fault: watch.fault,
        requestHeaders: request.headers,
        requestBody: request.body,
        responseHeaders: reply ? reply.getHeaders() : {},
        payload: watch.responsePayload,
      });
    };

    /**
     * The rules on a watched request: the first that matches and fires has its effect. Answers
     * whether it answered the request itself (the route then does not run).
     */
    const applyRules = async (request: FastifyRequest, reply: FastifyReply, watch: Watched): Promise<boolean> => {
      let userId: Promise<number | null> | null = null;
      const facts = {
        method: request.method,
        path: request.url.split('?')[0]!,
        operationId: request.routeOptions.schema?.operationId ?? null,
        client: clientOf(request),
        userId: () => (userId ??= userIdOf(request)),
      };
      for (const rule of rules) {
        if (!(await matches(rule, facts))) continue;
        const n = await fires(rule);
        if (n === null) continue;
        watch.fault = rule.id;
        const { effect } = rule;
        switch (effect.kind) {
          case 'status':
            // As the real idle rule does: the session is over, its next call answers 401.
            if (effect.status === HTTP_SESSION_IDLE) await endSession(request);
            reply.code(effect.status).send(errorBody(effect.status, say(faultText(effect.status), requestLanguage(request))));
            return true;
          case 'malformed':
            reply.code(200).type('application/json; charset=utf-8').send('{"response": {"items": [{"id": 1, "na');
            return true;
          case 'empty':
            reply.code(200).type('application/json; charset=utf-8').send('');
            return true;
          case 'drop':
            record(request, reply, 0);
            reply.hijack();
            request.raw.socket.destroy();
            return true;
          case 'slowBody':
            watch.slowBody = effect.bytesPerSecond;
            return false;
          default:
            await sleep(delayOf(effect, rule.seed, n));
            return false;
        }
      }
      return false;
    };

    // Callback hooks, not async ones: on every request of the APIs, a promise and a turn of the
    // microtask queue each were a measurable share of a request answered from memory.
    app.addHook('onRequest', (request, reply, done) => {
      if (!watchedPath(request.url)) return done();
      const watch: Watched = {
        start: performance.now(),
        journaled: false,
        fault: null,
        slowBody: null,
        responsePayload: null,
        ip: request.ip ?? '',
      };
      request.devWatch = watch;
      if (rules.length === 0) return done();
      // A hook that answered the request itself calls no `done`: the route must not run.
      applyRules(request, reply, watch).then((answered) => {
        if (!answered) done();
      }, done);
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const watch = request.devWatch;
      if (!watch) return done(null, payload);
      watch.responsePayload = payload;
      if (watch.slowBody === null) return done(null, payload);
      void reply.removeHeader('content-length');
      done(null, trickle(payload, watch.slowBody));
    });

    app.addHook('onResponse', (request, reply, done) => {
      if (request.devWatch) record(request, reply, reply.statusCode);
      done();
    });

    // A client that leaves before its answer is complete gets no onResponse: the journal still shows
    // the request, with no status (0, as a dropped connection), so a front end's timed-out call can be
    // looked up.
    app.addHook('onRequestAbort', async (request) => {
      if (request.devWatch) record(request, null, 0);
    });
  },
  { name: 'dev-controls', dependencies: ['config'] },
);
