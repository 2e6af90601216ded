import type { ChangeFeed } from './change-feed.ts';

/** Bounds of one cache: entries older than `maxAgeMs` are read again; past `maxEntries` the least recently used goes. */
export interface FeedCacheLimits {
  maxAgeMs: number;
  maxEntries: number;
}

/**
 * Whether a request asks for an answer read again rather than kept (`Cache-Control: no-cache` or
 * `no-store`, as a browser's hard reload or a client that distrusts caches sends): the answer is
 * then read from the database, and kept for the requests after it.
 */
export const asksFresh = (headers: { 'cache-control'?: string | undefined }) =>
  /(?:^|[\s,])no-(?:cache|store)(?:[\s,=]|$)/i.test(headers['cache-control'] ?? '');

/** How many invalidation stamps are kept before they are all replaced by one floor (loads older than it are refused). */
const MAX_STAMPS = 10_000;

interface Entry<V> {
  value: V;
  at: number;
  groups: readonly string[];
  /** When it was put at the newest end: entries' `placed` rise in the map's order. */
  placed: number;
}

/**
 * Rows kept in one server's memory for as long as the change feed vouches for them: an entry goes
 * when the feed reports a change to its row or to a group it belongs to (a user's sessions, a
 * company's workbench answers), when it is older than `maxAgeMs` (a safety net), and all go when
 * the feed breaks. A value read from the database while its key or one of its groups was
 * invalidated is not kept: take `loadToken()` before the read and pass it to `set` after it. Every
 * invalidation is stamped with a sequence number, so this holds for loads in flight, not only for
 * entries already held.
 */
export class FeedCache<V> {
  /**
   * In least-recently-used order, nearly: a hit moves its entry to the newest end only from the
   * older half, eviction takes the first. Moving is a delete and a set, and on a small map each
   * shrinks and grows its table again: moving on every hit was 2 % of a cached answer's time in a
   * profile. An entry still in use is hit again on its way through the older half, before it could
   * be evicted.
   */
  private readonly entries = new Map<string, Entry<V>>();
  private placings = 0;
  private readonly members = new Map<string, Set<string>>();
  /** The sequence number of the latest invalidation of a key (`k:…`) or a group (`g:…`). */
  private readonly stamps = new Map<string, number>();
  private seq = 0;
  /** Loads whose token is below this started before a reset (or before old stamps were dropped). */
  private floor = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly limits: FeedCacheLimits,
  ) {
    feed.onReset(() => this.clear());
  }

  /**
   * Follows changed rows of `table`: by default the row's key is an entry's key; with `groupOf`,
   * the row's key names a group and every entry of that group goes.
   */
  follow(table: string, groupOf?: (rowKey: string) => string) {
    this.feed.on(table, (rowKey) => (groupOf ? this.invalidateGroup(groupOf(rowKey)) : this.invalidate(rowKey)));
  }

  /** Take before reading what will be `set`: a later invalidation of its key or groups refuses it. */
  loadToken(): number {
    return this.seq;
  }

  get(key: string, nowMs = Date.now()): V | undefined {
    if (!this.feed.healthy()) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (nowMs - entry.at > this.limits.maxAgeMs) {
      this.drop(key);
      return undefined;
    }
    if (this.placings - entry.placed > this.entries.size >> 1) {
      this.entries.delete(key);
      entry.placed = ++this.placings;
      this.entries.set(key, entry);
    }
    return entry.value;
  }

  /** Keeps `value` unless the feed is down or its key or a group was invalidated since `token`. */
  set(key: string, value: V, token: number, groups: readonly string[] = [], nowMs = Date.now()) {
    if (!this.feed.healthy() || token < this.floor || this.stale(`k:${key}`, token)) return;
    if (groups.some((group) => this.stale(`g:${group}`, token))) return;
    this.drop(key);
    while (this.entries.size >= this.limits.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.drop(oldest.value);
    }
    this.entries.set(key, { value, at: nowMs, groups, placed: ++this.placings });
    for (const group of groups) {
      let keys = this.members.get(group);
      if (!keys) this.members.set(group, (keys = new Set()));
      keys.add(key);
    }
  }

  /**
   * The entry, or `load`'s value, kept unless its key or a group was invalidated while it was read.
   * `fresh` (the caller asked for no cached answer, see `asksFresh`) loads it even when held.
   */
  remember(key: string, load: () => Promise<V>, groups: readonly string[] = [], fresh = false): V | Promise<V> {
    const hit = fresh ? undefined : this.get(key);
    if (hit !== undefined) return hit;
    return this.load(key, load, groups);
  }

  private async load(key: string, load: () => Promise<V>, groups: readonly string[]): Promise<V> {
    const token = this.loadToken();
    const value = await load();
    this.set(key, value, token, groups);
    return value;
  }

  /** Forgets an entry that is stale (a change the feed reported, or this instance's own write). */
  invalidate(key: string) {
    this.drop(key);
    this.stamp(`k:${key}`);
  }

  /** Forgets every entry of a group, and refuses loads of it that are in flight. */
  invalidateGroup(group: string) {
    for (const key of [...(this.members.get(group) ?? [])]) this.drop(key);
    this.stamp(`g:${group}`);
  }

  /** How many entries are held. */
  get size(): number {
    return this.entries.size;
  }

  /** The keys held, least recently used first. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  clear() {
    this.entries.clear();
    this.members.clear();
    this.stamps.clear();
    this.floor = ++this.seq;
  }

  private stale(stampKey: string, token: number): boolean {
    return (this.stamps.get(stampKey) ?? -1) > token;
  }

  private stamp(stampKey: string) {
    this.stamps.set(stampKey, ++this.seq);
    if (this.stamps.size > MAX_STAMPS) {
      this.stamps.clear();
      this.floor = this.seq;
    }
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const group of entry.groups) {
      const keys = this.members.get(group);
      keys?.delete(key);
      if (keys?.size === 0) this.members.delete(group);
    }
  }
}
