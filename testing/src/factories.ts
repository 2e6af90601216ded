import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { api, type UserRole } from '@pp/contract';
import type { Db } from '@pp/db';
import { hashPassword } from '@pp/db/passwords';
import { seedReferenceData } from '@pp/db/seed';
import { callApi } from './call-api.ts';

export const TEST_PASSWORD = 'Test@1234';
const unique = () => randomBytes(4).toString('hex');

/** Reference data (companies 1 and 8, categories, countries) from fixtures/. */
export async function withReferenceData(db: Db) {
  await seedReferenceData(db);
}

/** A partner with an account, mapped to company 1 / SUP (primary, default) and 8 / INF-SUP. */
export async function createPartnerUser(
  db: Db,
  overrides: { onboardStatus?: 'Edit' | 'View' | 'Approved'; status?: 'ACTIVE' | 'PENDING_EMAIL' } = {},
) {
  const id = unique();
  const username = `partner_${id}`;
  const user = await db.userAccount.create({
    data: {
      username,
      displayName: `Partner ${id}`,
      email: `${username}@example.com`,
      role: 'PARTNER',
      status: overrides.status ?? 'ACTIVE',
      passwordHash: await hashPassword(TEST_PASSWORD),
      partner: {
        create: {
          partnerNumber: `T${id}`,
          organizationName: `Test Org ${id}`,
          email: `${username}@example.com`,
          countryCode: 100,
          onboardStatus: overrides.onboardStatus ?? 'Edit',
          currentCompanyCode: 1,
          currentCategoryCode: 'SUP',
          mappings: {
            create: [
              { companyCode: 1, categoryCode: 'SUP', isDefault: true, isPrimary: true },
              { companyCode: 1, categoryCode: 'SVC', isDefault: false, isPrimary: false },
              { companyCode: 8, categoryCode: 'INF-SUP', isDefault: false, isPrimary: true },
            ],
          },
        },
      },
    },
    include: { partner: true },
  });
  return { user, partner: user.partner!, username, password: TEST_PASSWORD };
}

export async function createStaffUser(db: Db, role: Exclude<UserRole, 'PARTNER'>) {
  const username = `staff_${unique()}`;
  const user = await db.userAccount.create({
    data: {
      username,
      displayName: username,
      email: `${username}@example.com`,
      role,
      passwordHash: await hashPassword(TEST_PASSWORD),
    },
  });
  return { user, username, password: TEST_PASSWORD };
}

/** Signs in through the API and returns the token and audit number. */
export async function signIn(app: FastifyInstance, username: string, password: string = TEST_PASSWORD) {
  const res = await callApi(app, api.auth.signin, { body: { username, password } });
  if (res.statusCode !== 200) throw new Error(`signin failed: ${res.statusCode} ${res.error().failureMessage}`);
  const body = res.json();
  return {
    token: body.response.accessToken,
    auditNumber: body.response.auditNumber,
    auth: { authorization: `Bearer ${body.response.accessToken}` },
  };
}
