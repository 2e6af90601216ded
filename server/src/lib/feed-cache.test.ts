import { describe, expect, it } from 'vitest';
import type { ChangeFeed } from './change-feed.ts';
import { FeedCache, asksFresh } from './feed-cache.ts';

/** A feed the test drives: tables' changes, a break and a reconnect. */
function fakeFeed() {
  const handlers = new Map<string, ((key: string) => void)[]>();
  const resets: (() => void)[] = [];
  let up = true;
  const feed: ChangeFeed = {
    healthy: () => up,
    on: (table, handler) => void handlers.set(table, [...(handlers.get(table) ?? []), handler]),
    onReset: (handler) => void resets.push(handler),
    close: async () => undefined,
  };
  return {
    feed,
    notify: (table: string, key: string) => handlers.get(table)?.forEach((h) => h(key)),
    drop() {
      up = false;
      resets.forEach((r) => r());
    },
    reconnect() {
      resets.forEach((r) => r());
      up = true;
    },
  };
}

/** A load the test finishes when it chooses, to put a change in the middle of it. */
function pendingLoad<V>() {
  let finish!: (value: V) => void;
  const promise = new Promise<V>((resolve) => (finish = resolve));
  return { load: () => promise, finish };
}

const limits = { maxAgeMs: 60_000, maxEntries: 100 };

describe('FeedCache', () => {
  it('serves what it kept until the feed reports a change to that row', async () => {
    const f = fakeFeed();
    const cache = new FeedCache<string>(f.feed, limits);
    cache.follow('Partner');
    expect(await cache.remember('7', async () => 'first')).toBe('first');
    expect(await cache.remember('7', async () => 'second')).toBe('first');
    f.notify('Partner', '7');
    expect(await cache.remember('7', async () => 'third')).toBe('third');
  });

  it('reads again for a caller who asks for no cached answer, and keeps what it read for the next', async () => {
    const f = fakeFeed();
    const cache = new FeedCache<string>(f.feed, limits);
    expect(await cache.remember('7', async () => 'first')).toBe('first');
    expect(await cache.remember('7', async () => 'second', [], true)).toBe('second');
    expect(await cache.remember('7', async () => 'third')).toBe('second');
    for (const header of ['no-cache', 'max-age=0, no-cache', 'No-Store', 'no-cache="set-cookie"'])
      expect(asksFresh({ 'cache-control': header }), header).toBe(true);
    for (const header of [undefined, '', 'max-age=0', 'no-transform', 'only-if-cached'])
      expect(asksFresh({ 'cache-control': header }), String(header)).toBe(false);
  });

  it('does not keep a value whose row changed while it was being read', async () => {
    const f = fakeFeed();
    const cache = new FeedCache<string>(f.feed, limits);
    cache.follow('Partner');
    const slow = pendingLoad<string>();
    const reading = cache.remember('7', slow.load);
    f.notify('Partner', '7');
    slow.finish('read before the change');
    expect(await reading).toBe('read before the change');
    expect(cache.get('7')).toBeUndefined();
    expect(await cache.remember('7', async () => 'after')).toBe('after');
    expect(cache.get('7')).toBe('after');
  });

  it('does not keep a value of a group that changed while it was being read, though nothing of the group was held', async () => {
    const f = fakeFeed();
    const cache = new FeedCache<string>(f.feed, limits);
    cache.follow('WorkflowRequest', (company) => `company:${company}`);
    const slow = pendingLoad<string>();
    const reading = cache.remember('8|BUYER|page 1', slow.load, ['company:8']);
    f.notify('WorkflowRequest', '8');
    slow.finish('old queue');
    await reading;
    expect(cache.get('8|BUYER|page 1')).toBeUndefined();
  });

  it('drops every entry of a changed group and only those', async () => {
    const f = fakeFeed();
    const cache = new FeedCache<string>(f.feed, limits);
    cache.follow('WorkflowRequest', (company) => `company:${company}`);
    await cache.remember('8|a', async () => 'a', ['company:8']);
    await cache.remember('8|b', async () => 'b', ['company:8']);
    await cache.remember('1|a', async () => 'c', ['company:1']);
    f.notify('WorkflowRequest', '8');
    expect(cache.keys()).toEqual(['1|a']);
    // A group changed before a load began does not refuse that load.
    await cache.remember('8|a', async () => 'fresh', ['company:8']);
    expect(cache.get('8|a')).toBe('fresh');
  });

  it('trusts nothing while the feed is down, and nothing read before it came back', async () => {
    const f = fakeFeed();
    const cache = new FeedCache<string>(f.feed, limits);
    await cache.remember('7', async () => 'kept');
    f.drop();
    expect(cache.get('7')).toBeUndefined();
    expect(await cache.remember('7', async () => 'while down')).toBe('while down');
    expect(cache.size).toBe(0);
    const slow = pendingLoad<string>();
    const reading = cache.remember('7', slow.load);
    f.reconnect();
    slow.finish('begun while down');
    await reading;
    expect(cache.get('7')).toBeUndefined();
    await cache.remember('7', async () => 'after reconnect');
    expect(cache.get('7')).toBe('after reconnect');
  });

  it('evicts the least recently used entry when full, not everything', async () => {
    const f = fakeFeed();
    const cache = new FeedCache<string>(f.feed, { maxAgeMs: 60_000, maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) await cache.remember(key, async () => key);
    cache.get('a');
    await cache.remember('d', async () => 'd');
    expect(cache.keys()).toEqual(['c', 'a', 'd']);
    await cache.remember('e', async () => 'e', ['g']);
    expect(cache.keys()).toEqual(['a', 'd', 'e']);
  });

  it('keeps an entry in use while new ones come and go', async () => {
    const f = fakeFeed();
    const cache = new FeedCache<string>(f.feed, { maxAgeMs: 60_000, maxEntries: 4 });
    await cache.remember('hot', async () => 'hot');
    for (let i = 0; i < 20; i++) {
      await cache.remember(`cold ${i}`, async () => 'cold');
      expect(cache.get('hot')).toBe('hot');
    }
    expect(cache.keys()).toContain('hot');
    expect(cache.size).toBe(4);
  });

  it('reads an entry again once it is older than the age limit', async () => {
    const f = fakeFeed();
    const cache = new FeedCache<string>(f.feed, { maxAgeMs: 1_000, maxEntries: 10 });
    cache.set('7', 'old', cache.loadToken(), [], 0);
    expect(cache.get('7', 999)).toBe('old');
    expect(cache.get('7', 1_001)).toBeUndefined();
  });

  it('refuses a load that began before an invalidation it can no longer tell apart', async () => {
    const f = fakeFeed();
    const cache = new FeedCache<string>(f.feed, limits);
    cache.follow('Partner');
    const token = cache.loadToken();
    // More invalidations than stamps are kept: the old ones become one floor.
    for (let i = 0; i <= 10_000; i += 1) f.notify('Partner', `other-${i}`);
    cache.set('7', 'begun long ago', token);
    expect(cache.get('7')).toBeUndefined();
    cache.set('7', 'begun now', cache.loadToken());
    expect(cache.get('7')).toBe('begun now');
  });
});
