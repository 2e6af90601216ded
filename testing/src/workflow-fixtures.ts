import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { api, type UserRole } from '@pp/contract';
import type { Db } from '@pp/db';
import { callApi } from './call-api.ts';
import { freshIp } from './client-ip.ts';
import { completeDomesticProfile } from './complete-profile.ts';
import { createPartnerUser, createStaffUser, signIn } from './factories.ts';

export type StaffRole = Exclude<UserRole, 'PARTNER'>;

/**
 * Partners with submitted profiles and signed-in staff of each role, for the tests of the
 * workflow and the review: each partner gets its own PAN (a number another partner holds would
 * be a duplicate), each role one session, made on first use.
 */
export function workflowFixtures(app: FastifyInstance, db: Db) {
  let panSeed = 0;
  const sessions = new Map<StaffRole, Promise<Record<string, string>>>();
  return {
    /** A partner that completed the SUP profile of company 1 and submitted it. */
    submittedPartner: async () => {
      const { username, partner } = await createPartnerUser(db);
      const { auth } = await signIn(app, username);
      const headers = { ...auth, ...freshIp() };
      panSeed += 1;
      const pan = `AAWC${String.fromCharCode(65 + (panSeed % 26))}${String(1000 + panSeed)}K`;
      await completeDomesticProfile(app, headers, { pan });
      const res = await callApi(app, api.onboarding.submit, { params: { categoryCode: 'SUP', companyCode: 1 }, headers });
      expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
      return { headers, partner, pan, requestNumber: res.json().response.requestNumber, username };
    },
    /** The headers of a signed-in staff member of a role (one per role per test file). */
    staff: (role: StaffRole) => {
      if (!sessions.has(role))
        sessions.set(
          role,
          createStaffUser(db, role).then(async ({ username }) => ({ ...(await signIn(app, username)).auth, ...freshIp() })),
        );
      return sessions.get(role)!;
    },
  };
}
