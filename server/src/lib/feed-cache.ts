import type { ChangeFeed } from './change-feed.ts';

/**
 * Rows kept in one server's memory for as long as the change feed vouches for them: an entry goes
 * when the feed reports a change to its row (on any instance), when it is older than `maxAgeMs`
 * (a safety net), and all go when the feed breaks. A value read from the database while its row
 * changed is not kept: `begin()` before the read, `set(…, token)` after it.
 */
export class FeedCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  private readonly changedAt = new Map<string, number>();
  private seq = 0;
  private floor = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly options: { maxAgeMs: number; maxEntries: number },
  ) {
    feed.onReset(() => this.clear());
  }

  /** Drops the entries a changed row of `table` stands behind (by the row's key). */
  follow(table: string, entriesOf: (rowKey: string) => Iterable<string> = (k) => [k]) {
    this.feed.on(table, (rowKey) => {
      for (const key of entriesOf(rowKey)) this.changed(key);
    });
  }

  begin(): number {
    return this.seq;
  }

  get(key: string, nowMs = Date.now()): V | undefined {
    if (!this.feed.healthy()) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (nowMs - entry.at > this.options.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, token: number, nowMs = Date.now()) {
    if (!this.feed.healthy() || token < this.floor || (this.changedAt.get(key) ?? -1) >= token + 1) return;
    if (this.entries.size >= this.options.maxEntries) this.entries.clear();
    this.entries.set(key, { value, at: nowMs });
  }

  /** The entry, or `load`'s value, kept unless its row changed while it was read. */
  async remember(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const token = this.begin();
    const value = await load();
    this.set(key, value, token);
    return value;
  }

  /** Forgets an entry this instance knows to be stale (its own write), without waiting for the feed. */
  changed(key: string) {
    this.entries.delete(key);
    this.changedAt.set(key, ++this.seq);
    if (this.changedAt.size > 10_000) {
      this.changedAt.clear();
      this.floor = this.seq;
    }
  }

  /** The keys of the entries held now. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** The keys of the entries whose value passes `test`. */
  keysWhere(test: (value: V) => boolean): string[] {
    return [...this.entries].filter(([, e]) => test(e.value)).map(([k]) => k);
  }

  clear() {
    this.entries.clear();
    this.changedAt.clear();
    this.floor = ++this.seq;
  }
}
