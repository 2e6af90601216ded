import type { FastifyInstance } from 'fastify';
import { beforeAll } from 'vitest';
import type { UserRole } from '@pp/contract';
import type { Db } from '@pp/db';
import { createTestDatabase } from './database.ts';
import { createPartnerUser, createStaffUser, signIn, withReferenceData } from './factories.ts';
import { buildTestApp, testClock } from './server-app.ts';

type TestAppOptions = NonNullable<Parameters<typeof buildTestApp>[1]>;

export interface FeatureTestOptions extends Omit<TestAppOptions, 'now'> {
  /** The test clock's start: the app reads this clock, which moves only when a test advances it. Real time without it. */
  at?: Date;
  /** The reference data (companies, countries, categories…) loaded before the file's tests; on unless false. */
  referenceData?: boolean;
}

export interface FeatureTest {
  db: Db;
  app: FastifyInstance;
  /** The app's clock: a test clock when `at` was given, else real time (which no test can advance). */
  clock: ReturnType<typeof testClock>;
  /** A new partner, signed in: its user, partner row, token and headers. */
  partnerSession: (
    overrides?: Parameters<typeof createPartnerUser>[1],
  ) => Promise<Awaited<ReturnType<typeof createPartnerUser>> & Awaited<ReturnType<typeof signIn>>>;
  /** A new staff member of the role, signed in. */
  staffSession: (
    role: Exclude<UserRole, 'PARTNER'>,
  ) => Promise<Awaited<ReturnType<typeof createStaffUser>> & Awaited<ReturnType<typeof signIn>>>;
}

/**
 * What a server test file starts with: its own database cloned from the migrated template, the
 * production app over it, the reference data, and sessions made on demand.
 */
export async function setupFeatureTest(options: FeatureTestOptions = {}): Promise<FeatureTest> {
  const { at, referenceData = true, ...appOptions } = options;
  const { db } = await createTestDatabase();
  const clock = at
    ? testClock(at)
    : {
        now: () => new Date(),
        advance: () => {
          throw new Error('This test app reads real time: give setupFeatureTest an `at` to move its clock.');
        },
      };
  const app = await buildTestApp(db, at ? { ...appOptions, now: clock.now } : appOptions);
  if (referenceData) beforeAll(() => withReferenceData(db));
  return {
    db,
    app,
    clock,
    partnerSession: async (overrides) => {
      const user = await createPartnerUser(db, overrides);
      return { ...user, ...(await signIn(app, user.username)) };
    },
    staffSession: async (role) => {
      const user = await createStaffUser(db, role);
      return { ...user, ...(await signIn(app, user.username)) };
    },
  };
}
