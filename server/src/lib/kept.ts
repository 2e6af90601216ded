import type { FastifyInstance, onSendHookHandler } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@pp/contract';
import { addRoute, mayWrite, onlyReads, writtenOnce, type RouteContext } from '@pp/platform';
import type { ServerConfig } from '../config.ts';
import type { ChangeFeed } from './change-feed.ts';
import { FeedCache, asksFresh, type FeedCacheLimits } from './feed-cache.ts';

/**
 * The one seam for what a server keeps in memory (docs/glossary.md, "kept"; decision 006): a
 * feature declares which tables an answer follows and what it is keyed by, and nothing else.
 * Making the cache, bounding it, dropping entries when the change feed reports a row, the
 * `Cache-Control: no-cache` rule, writing a kept answer once, and clearing what the caller's own
 * write made stale all live here.
 */

/**
 * The tables whose changed rows drop what is kept: `true` drops the entry the row's key names
 * (the cache is keyed by that row); a function names the group of entries the row's key drops.
 */
export type Follows = Readonly<Record<string, true | ((rowKey: string) => string)>>;

/** Which of the configured bounds (`CACHE_*_MAX`) sizes a cache. */
export type KeptSize = Exclude<keyof ServerConfig['caches'], 'maxAgeMs' | 'forensicSearchPairs'>;

/** What the caller's own write on this server drops at once, before the change feed reports it. */
export interface OwnWrites {
  /** A staff member's write empties the whole cache (a request moved, a pair reviewed). */
  staffWriteClears?: true;
  /** A partner's write drops the group this names (their details after a company switch). */
  partnerWriteDrops?: (partnerId: number) => string;
}

export interface KeptOptions extends OwnWrites {
  size: KeptSize;
  follows: Follows;
}

/** Values kept while the change feed vouches for them. The only place a FeedCache is made. */
export function keptValues<V>(feed: ChangeFeed, limits: FeedCacheLimits, follows: Follows): FeedCache<V> {
  const cache = new FeedCache<V>(feed, limits);
  for (const [table, groupOf] of Object.entries(follows)) cache.follow(table, groupOf === true ? undefined : groupOf);
  return cache;
}

/** Every cache an app keeps, by name, and what its callers' own writes drop. */
export class KeptCaches {
  private readonly byName = new Map<string, FeedCache<unknown>>();
  private readonly staffWriteClears: FeedCache<unknown>[] = [];
  private readonly partnerWriteDrops: { cache: FeedCache<unknown>; groupOf: (partnerId: number) => string }[] = [];

  add(name: string, cache: FeedCache<unknown>, ownWrites: OwnWrites) {
    if (this.byName.has(name)) throw new Error(`a kept cache named ${name} already exists`);
    this.byName.set(name, cache);
    if (ownWrites.staffWriteClears) this.staffWriteClears.push(cache);
    if (ownWrites.partnerWriteDrops) this.partnerWriteDrops.push({ cache, groupOf: ownWrites.partnerWriteDrops });
  }

  /** A cache by its name (an endpoint's operationId for a kept route), for tests. */
  get(name: string): FeedCache<unknown> {
    const cache = this.byName.get(name);
    if (!cache) throw new Error(`no kept cache is named ${name}`);
    return cache;
  }

  /** The caller wrote on this server: what it made stale here goes before the answer is sent. */
  wroteAs(partnerId: number | null) {
    if (partnerId === null) for (const cache of this.staffWriteClears) cache.clear();
    else for (const { cache, groupOf } of this.partnerWriteDrops) cache.invalidateGroup(groupOf(partnerId));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    kept: KeptCaches;
  }
}

/**
 * Gives an app its kept caches. A caller's own write is read back at once, before the change feed
 * reports it; the hook goes only on routes that may write, as a hook on every route was work on
 * every kept read.
 */
export function installKept(app: FastifyInstance) {
  const kept = new KeptCaches();
  app.decorate('kept', kept);
  const readBackOwnWrite: onSendHookHandler = (request, _reply, payload, done) => {
    if (request.auth && mayWrite(request)) kept.wroteAs(request.auth.partnerId);
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (onlyReads(route.method) || route.config?.readsOnly === true) return;
    route.onSend = [...[route.onSend ?? []].flat(), readBackOwnWrite];
  });
}

/** A named cache of the app's, bounded by its configured size, following the given tables. */
export function keptAnswers<V>(app: FastifyInstance, name: string, options: KeptOptions): FeedCache<V> {
  const { maxAgeMs } = app.config.caches;
  const cache = keptValues<V>(app.changes, { maxAgeMs, maxEntries: app.config.caches[options.size] }, options.follows);
  app.kept.add(name, cache, options);
  return cache;
}

export interface KeptRouteOptions<E extends Endpoint> extends KeptOptions {
  /** Everything the answer depends on: the same key is the same answer (the caller, the language, the query). */
  key: (ctx: RouteContext<E>) => string;
  /** The groups the answer belongs to, for `follows` and `partnerWriteDrops` to drop. */
  groups?: (ctx: RouteContext<E>) => readonly string[];
}

/**
 * A contract endpoint whose answers are kept (the cache is named by its operationId): the handler
 * runs when no answer is held under the key, or when the caller asks for a fresh one (`fresh` is
 * passed on, for what the handler keeps of its own). Its answer is checked and written out once
 * (`writtenOnce`), then served as those bytes.
 */
export function keptRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: KeptRouteOptions<E>,
  handler: (ctx: RouteContext<E>, fresh: boolean) => Promise<z.input<E['response']>>,
): FeedCache<z.input<E['response']>> {
  const answers = keptAnswers<z.input<E['response']>>(
    app,
    endpoint.operationId ?? `${endpoint.method} ${endpoint.path}`,
    options,
  );
  const { key, groups } = options;
  addRoute(app, endpoint, (ctx) => {
    const fresh = asksFresh(ctx.request.headers);
    return answers.remember(key(ctx), async () => writtenOnce(await handler(ctx, fresh)), groups?.(ctx) ?? [], fresh);
  });
  return answers;
}
