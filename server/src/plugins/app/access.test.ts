import { describe, expect, it } from 'vitest';
import { INTERNAL_TOKEN_HEADER, MESSAGES, api, type Endpoint } from '@pp/contract';
import { DEV_INTERNAL_TOKEN } from '@pp/platform';
import { callApi, createPartnerUser, createStaffUser, setupFeatureTest, signIn } from '@pp/testing';

const { db, app } = await setupFeatureTest();

const endpoints = Object.entries(api).flatMap(([area, eps]) =>
  Object.entries(eps).map(([name, endpoint]) => [`${area}.${name}`, endpoint as Endpoint] as const),
);
/** Path parameters that pass validation, so the access rule is what answers. */
const PARAMS: Record<string, string | number> = { categoryCode: 'SUP', companyCode: 1, notificationId: 1 };
const paramsOf = (endpoint: Endpoint) =>
  Object.fromEntries([...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, PARAMS[name!] ?? 'x']));

describe('the access rule of every contract endpoint', () => {
  it.each(endpoints.filter(([, e]) => e.access !== 'public' && e.access !== 'internal'))(
    '%s answers 401 to an anonymous caller',
    async (_, endpoint) => {
      const res = await callApi(app, endpoint, { params: paramsOf(endpoint) });
      expect(res.statusCode).toBe(401);
      expect(res.error()).toMatchObject({ response: null, errorCode: 401 });
    },
  );

  // One staff session for all: one sign-in per endpoint would meet the sign-in rate limit.
  let staff: Promise<{ auth: Record<string, string> }> | undefined;
  const staffSession = () => (staff ??= createStaffUser(db, 'ADMIN').then(({ username }) => signIn(app, username)));

  it.each(endpoints.filter(([, e]) => e.access === 'partner'))('%s answers 403 to a staff account', async (_, endpoint) => {
    const { auth } = await staffSession();
    const res = await callApi(app, endpoint, { params: paramsOf(endpoint), headers: auth });
    expect(res.statusCode).toBe(403);
    expect(res.error()).toEqual({ response: null, failureMessage: MESSAGES.partnerOnly, errorCode: 403 });
  });

  // One partner session for all, for the same reason.
  let partner: Promise<{ auth: Record<string, string> }> | undefined;
  const partnerSession = () => (partner ??= createPartnerUser(db).then(({ username }) => signIn(app, username)));

  it.each(endpoints.filter(([, e]) => e.access === 'staff'))('%s answers 403 to a partner account', async (_, endpoint) => {
    const { auth } = await partnerSession();
    const res = await callApi(app, endpoint, { params: paramsOf(endpoint), headers: auth });
    expect(res.statusCode).toBe(403);
    expect(res.error()).toEqual({ response: null, failureMessage: MESSAGES.accessDenied, errorCode: 403 });
  });

  it.each(endpoints.filter(([, e]) => e.access === 'internal'))(
    '%s answers 403 without the gateway token, even to a signed-in partner',
    async (_, endpoint) => {
      const { username } = await createPartnerUser(db);
      const { auth } = await signIn(app, username);
      const callers: Record<string, string>[] = [{}, auth, { [INTERNAL_TOKEN_HEADER]: `${DEV_INTERNAL_TOKEN}x` }];
      for (const headers of callers) {
        const res = await callApi(app, endpoint, { params: paramsOf(endpoint), headers });
        expect(res.statusCode).toBe(403);
        expect(res.error().failureMessage).toBe(MESSAGES.internalOnly);
      }
    },
  );
});
