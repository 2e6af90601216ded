import { LOGOUT_TYPE_IDLE, type UserRole } from '@pp/contract';
import type { Db } from '@pp/db';
import type { ChangeFeed } from './change-feed.ts';
import type { FeedCacheLimits } from './feed-cache.ts';
import { keptValues } from './kept.ts';

/** How often a server writes the activity it saw to the sessions' rows (one statement for all). */
export const ACTIVITY_FLUSH_MS = 5_000;

/** A signed-in session as the server checks it on each request. */
export interface LiveSession {
  id: string;
  auditNumber: bigint;
  userId: number;
  role: UserRole;
  partnerId: number | null;
  userActive: boolean;
  companyCode: number | null;
  categoryCode: string | null;
  ended: boolean;
  /** The latest activity this server knows of: the row's, or newer seen here and not yet written. */
  lastActionMs: number;
}

const userGroup = (userId: string) => `user:${userId}`;

/**
 * Sessions without a database round trip per request. A session read once is kept in memory while
 * the change feed vouches for it (a logout, a company switch or a disabled account on any server
 * drops it everywhere); activity is noted in memory and written for all sessions every
 * ACTIVITY_FLUSH_MS in one statement, so reads no longer pay for a write. The 20-minute idle rule
 * stays shared: before a session is ended as idle its row is read again, so activity another
 * server saw counts — up to that server's last flush, a few seconds in twenty minutes.
 */
export function createSessions(db: Db, changes: ChangeFeed, limits: FeedCacheLimits) {
  // A user's role or status reaches all their sessions, those being read at that moment too.
  const cache = keptValues<LiveSession>(changes, limits, { UserSession: true, UserAccount: userGroup });
  /** Activity seen here and not yet written, by session. */
  const unwritten = new Map<string, number>();

  async function load(id: string): Promise<LiveSession | null> {
    const token = cache.loadToken();
    const row = await db.userSession.findUnique({
      where: { id },
      include: { user: { select: { id: true, role: true, partnerId: true, status: true } } },
    });
    if (!row) return null;
    const session: LiveSession = {
      id: row.id,
      auditNumber: row.auditNumber,
      userId: row.user.id,
      role: row.user.role,
      partnerId: row.user.partnerId,
      userActive: row.user.status === 'ACTIVE',
      companyCode: row.companyCode,
      categoryCode: row.categoryCode,
      ended: row.logoutTime !== null,
      lastActionMs: Math.max(row.lastActionTime.getTime(), unwritten.get(id) ?? 0),
    };
    cache.set(id, session, token, [userGroup(String(session.userId))]);
    return session;
  }

  return {
    /** The session, from memory when the feed vouches for it; `fresh` reads its row whatever. */
    find: async (id: string, { fresh = false } = {}) => (fresh ? undefined : cache.get(id)) ?? load(id),
    /** The session when memory holds it and the feed vouches for it; undefined otherwise (find it). */
    cached: (id: string) => cache.get(id),
    /** Notes activity on the session (written with the next flush). */
    touch(session: LiveSession, atMs: number) {
      if (atMs > session.lastActionMs) session.lastActionMs = atMs;
      if (atMs > (unwritten.get(session.id) ?? 0)) unwritten.set(session.id, atMs);
    },
    /**
     * This server changed the session's row: read it again next time. Routes that write their own
     * caller's session (logout, extension, company switch) call it, so the caller's next request
     * sees the change here without waiting for the change feed; other requests keep the session.
     */
    forget: (id: string) => cache.invalidate(id),
    /**
     * Ends a session as idle (logout type I) at `at`, if it is still live, on every server: the
     * idle rule, and a developer's injected 440.
     */
    async endAsIdle(id: string, at: Date) {
      unwritten.delete(id);
      await db.userSession.updateMany({
        where: { id, logoutTime: null },
        data: { logoutTime: at, logoutType: LOGOUT_TYPE_IDLE },
      });
      cache.invalidate(id);
    },
    /** Writes the activity seen since the last flush; a row is only moved forward, never back. */
    async flush() {
      if (unwritten.size === 0) return;
      const ids = [...unwritten.keys()];
      const times = ids.map((id) => new Date(unwritten.get(id)!).toISOString());
      const written = new Map(unwritten);
      unwritten.clear();
      try {
        await db.$executeRaw`
          UPDATE "UserSession" AS s SET "lastActionTime" = v.t
            FROM unnest(${ids}::uuid[], ${times}::timestamp(3)[]) AS v(id, t)
           WHERE s.id = v.id AND s."lastActionTime" < v.t AND s."logoutTime" IS NULL`;
      } catch (error) {
        // Kept for the next flush, unless newer activity was noted meanwhile.
        for (const [id, at] of written) if (at > (unwritten.get(id) ?? 0)) unwritten.set(id, at);
        throw error;
      }
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
