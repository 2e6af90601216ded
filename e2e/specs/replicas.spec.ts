import { randomUUID } from 'node:crypto';
import { LOGOUT_TYPE_USER, RATE_LIMITS, api, encryptId, gatewayApi, endpointUrl } from '@pp/contract';
import { callApi, httpInjector, uploadFile } from '@pp/testing/call-api';
import { samplePdf } from '@pp/testing/sample-files';
import { clientAddress, expect, test } from '../support/fixtures.ts';
import { BASE_URL, E2E_REPLICAS } from '../playwright.config.ts';

/**
 * Runs only against a stack of several API server replicas behind a proxy (the compose stack,
 * E2E_REPLICAS): nginx names the replica that answered in X-Served-By, and each check below sees
 * every replica answer, with nothing a user does depending on which one it was.
 */
const http = httpInjector(BASE_URL);
const servedBy = (headers: Record<string, unknown>) => String(headers['x-served-by']);

/** Requests until every replica has answered; each answer goes through `check`. */
async function onEveryReplica(request: () => Promise<{ headers: Record<string, unknown> }>) {
  const seen = new Set<string>();
  for (let i = 0; i < 4 * E2E_REPLICAS && seen.size < E2E_REPLICAS; i++) seen.add(servedBy((await request()).headers));
  expect(seen.size, `replicas that answered: ${[...seen].join(', ')}`).toBe(E2E_REPLICAS);
}

test('a session, a rate limit, a chat and an upload hold whichever replica answers', async ({ partner }) => {
  const address = clientAddress();
  const signin = await callApi(http, api.auth.signin, {
    body: { username: partner.username, password: partner.password },
    headers: address,
  });
  expect(signin.statusCode).toBe(200);
  const { accessToken, auditNumber } = signin.json().response;
  const auth = { authorization: `Bearer ${accessToken}`, ...address };

  await test.step('the session is known to every replica', async () => {
    await onEveryReplica(async () => {
      const res = await callApi(http, api.partner.info, { headers: auth });
      expect(res.statusCode).toBe(200);
      expect(res.json().response.partnerId).toBe(partner.partner.id);
      return res;
    });
  });

  await test.step('an upload to one replica is read from every replica', async () => {
    const content = samplePdf(`uploaded ${randomUUID()}`);
    const upload = await uploadFile(http, { name: 'shared.pdf', content }, { headers: auth });
    expect(upload.statusCode).toBe(200);
    const uniqueId = upload.json().response.UniqueID;
    await onEveryReplica(async () => {
      const res = await fetch(`${BASE_URL}${endpointUrl(api.files.download, { params: { uniqueId } })}`, { headers: auth });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(content)).toBe(true);
      return { headers: Object.fromEntries(res.headers.entries()) };
    });
  });

  await test.step('a chat conversation keeps its state from one replica to the next', async () => {
    const sender = `replicas-${randomUUID()}`;
    const say = (message: string) => callApi(http, gatewayApi.bot, { body: { sender, message }, headers: clientAddress() });
    const prompt = await say('/callback');
    expect(prompt.json()[0]!.text).toMatch(/fill in your name, company name, mobile number and e-mail/);
    // Only a conversation waiting for the callback form reads "name, company" as its parts.
    await onEveryReplica(async () => {
      const res = await say('Asha Verma, Verma Steel');
      expect(res.statusCode).toBe(200);
      expect(res.json()[0]!.text).toMatch(/^Please check the /);
      return res;
    });
  });

  await test.step("a client's rate limit is counted once across the replicas", async () => {
    const client = clientAddress();
    const { limit } = RATE_LIMITS.lookupPerClient;
    const lookups: Awaited<ReturnType<typeof callApi>>[] = [];
    for (let i = 0; i <= limit; i++) {
      lookups.push(await callApi(http, api.registration.verifyDuns, { params: { dunsNumber: '123456789' }, headers: client }));
    }
    expect(new Set(lookups.map((res) => servedBy(res.headers))).size).toBe(E2E_REPLICAS);
    expect(lookups.slice(0, limit).map((res) => res.statusCode)).toEqual(Array(limit).fill(200));
    expect(lookups[limit]!.statusCode).toBe(429);
    expect(lookups[limit]!.error().failureMessage).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
  });

  await test.step('a logout on one replica ends the session on every replica', async () => {
    const now = Date.now();
    const logout = await callApi(http, api.auth.logout, {
      headers: auth,
      body: { lastActionTime: now, loginAuditNumber: encryptId(auditNumber), logoutTime: now, logoutType: LOGOUT_TYPE_USER },
    });
    expect(logout.statusCode).toBe(200);
    // The other replicas hear of the logout from the change feed (PostgreSQL's NOTIFY, sent as the
    // logout commits) and until then answer from memory: a request that reaches one first, a few
    // milliseconds after the logout, may still pass. Once a replica has refused the token it never
    // takes it again; every replica must come to refuse it.
    const refusedBy = new Set<string>();
    const tookItAgain: string[] = [];
    await expect
      .poll(
        async () => {
          const res = await callApi(http, api.partner.info, { headers: auth });
          const replica = servedBy(res.headers);
          if (res.statusCode === 401) refusedBy.add(replica);
          else if (refusedBy.has(replica)) tookItAgain.push(`${replica}: ${res.statusCode}`);
          return refusedBy.size;
        },
        { message: 'replicas that refuse the ended session', timeout: 10_000 },
      )
      .toBe(E2E_REPLICAS);
    expect(tookItAgain).toEqual([]);
  });
});
