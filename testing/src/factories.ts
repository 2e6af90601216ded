import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { api, type RegisterBody, type UserRole } from '@pp/contract';
import type { Db } from '@pp/db';
import { hashPassword } from '@pp/db/passwords';
import { seedReferenceData } from '@pp/db/seed';
import { callApi } from './call-api.ts';
import { freshIp } from './client-ip.ts';

export const TEST_PASSWORD = 'Test@1234';
const unique = () => randomBytes(4).toString('hex');
const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');
const letters = (n: number) => Array.from(randomBytes(n), (b) => String.fromCharCode(65 + (b % 26))).join('');

/** A complete, valid registration form with values no other applicant has (company 1, Supplier / TMT bars). */
export function newApplicant(overrides: Partial<RegisterBody> = {}): RegisterBody {
  const id = randomBytes(3).toString('hex');
  return {
    countryCode: 100,
    identityCard: 'PAN',
    // 26^4 × 10^4 values: two applicants of one test file never share a PAN by chance (10^4 did, about one run in ten).
    nationalId: `${letters(3)}C${letters(1)}${digits(4)}${letters(1)}`,
    dunsNumber: digits(9),
    coordinationPerson: 'Asha Verma',
    mobileNumber: `9${digits(9)}`,
    email: `asha.${id}@verma-industries.example.com`,
    organizationName: `Verma Industries ${id}`,
    designation: 'Director',
    website: 'https://verma.example.com',
    companyCode: 1,
    primaryBusiness: 'SUP',
    primaryCategory: 'SUP-STL',
    primarySubCategory: 'SUP-STL-TMT',
    secondaryBusiness: 'SVC',
    secondaryCategory: 'SVC-LOG',
    secondarySubCategory: 'SVC-LOG-TRN',
    username: `asha_${id}`,
    password: 'Secure@123',
    confirmPassword: 'Secure@123',
    termsAccepted: true,
    ...overrides,
  };
}

/** Reference data (companies 1 and 8, categories, countries) from fixtures/. */
export async function withReferenceData(db: Db) {
  await seedReferenceData(db);
}

/**
 * A partner with an account, mapped to company 1 / SUP (primary, default), 1 / SVC and 8 / INF-SUP;
 * `onboardStatus` is that of its profile for 1 / SUP.
 */
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
          ...(overrides.onboardStatus && overrides.onboardStatus !== 'Edit'
            ? { profiles: { create: { companyCode: 1, categoryCode: 'SUP', status: overrides.onboardStatus } } }
            : {}),
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

/**
 * Signs in through the API and returns the token and audit number. Each sign-in comes from an
 * address of its own, as each user's would: a file of tests signs in dozens of users, more than the
 * per-client sign-in limit lets one address.
 */
export async function signIn(app: FastifyInstance, username: string, password: string = TEST_PASSWORD) {
  const res = await callApi(app, api.auth.signin, { body: { username, password }, headers: freshIp() });
  if (res.statusCode !== 200) throw new Error(`signin failed: ${res.statusCode} ${res.error().failureMessage}`);
  const body = res.json();
  return {
    token: body.response.accessToken,
    auditNumber: body.response.auditNumber,
    auth: { authorization: `Bearer ${body.response.accessToken}` },
  };
}
