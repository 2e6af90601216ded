import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { api, endpointUrl, webUrl, type Scenario, type ScenarioName, type WebPathKey } from '@pp/contract';
import { createPartnerUser } from '@pp/testing/factories';
import { clientAddress, expect, signInTab, test, watchContext } from '../support/fixtures.ts';
import {
  Controls,
  FAILURE_NAMES,
  checkFailure,
  clientHeader,
  plan,
  readName,
  readsOf,
  type Failure,
  type Read,
} from '../support/fault-sweep.ts';
import { PARTNER_AREA_PAGES, STAFF_PAGES } from '../support/pages.ts';
import { staffSignIn } from '../support/staff.ts';

/**
 * Every page of spec section 2 honest under every fault: each page opened while one of its reads
 * answers 500, drops the connection, answers a malformed body or 403, and once with every read
 * slowed by three seconds. Each time the page shows it is loading, then says what failed with a
 * way to try again, and shows its content once the fault is gone. Each browser has its own
 * X-Dev-Client, so the rules touch no other journey; a large area is swept by two at once.
 */

test.describe.configure({ mode: 'parallel' });
/** `SWEEP_TIMES=1` prints each check's time as it ends, and each failure at once (no time limit then). */
const TIMES = Boolean(process.env.SWEEP_TIMES);
// Each sweep opens its pages some dozens of times: a partner area takes minutes on a loaded machine.
test.setTimeout(TIMES ? 0 : 600_000);

let clients = 0;
const newClient = (name: string) => `fault-sweep-${name}-${test.info().workerIndex}-${++clients}`;

async function browserFor(browser: Browser, client: string): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { ...clientAddress(), ...clientHeader(client) } });
  await watchContext(context);
  return context.newPage();
}

async function scenarioPartner(request: APIRequestContext, scenario: ScenarioName): Promise<Scenario> {
  const res = await request.post(endpointUrl(api.devtools.makeScenario), { data: { scenario } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { response: Scenario }).response;
}

/** A browser the sweep drives, with the controls scoped to its X-Dev-Client. */
interface Lane {
  page: Page;
  controls: Controls;
}

/**
 * Sweeps pages: the reads each makes, then its checks; throws with every failure. Each lane (a
 * browser of its own) takes the next page while the others wait on a delay or a retry. The rules
 * are set through the test's own request context: the browsers come as through a proxy (their
 * X-Forwarded-For), and the controls answer their own machine only.
 */
async function sweep(lanes: Lane[], name: string, pages: readonly WebPathKey[], met = new Set<string>()) {
  const failed: string[] = [];
  const perFailure = Object.fromEntries([...FAILURE_NAMES, 'delay'].map((f) => [f, 0])) as Record<Failure | 'delay', number>;
  let checks = 0;
  let reads = 0;
  const sweepPage = async ({ page, controls }: Lane, key: WebPathKey) => {
    const url = webUrl(key);
    let pageReads: Read[];
    const began = Date.now();
    try {
      pageReads = await readsOf(page, controls, url);
    } catch (error) {
      checks += 1;
      perFailure.delay += 1;
      failed.push(`${key} · every read · delay: ${(error as Error).message.split('\n')[0]}`);
      return;
    }
    if (TIMES) console.log(`${Date.now() - began} ms ${key} delay`);
    if (pageReads.length > 0) {
      perFailure.delay += 1;
      checks += 1;
    }
    reads += pageReads.filter((r) => !met.has(readName(r))).length;
    const planned = plan(pageReads, met);
    // Met as soon as planned: a lane beside this one does not plan them again.
    for (const { read } of planned) met.add(readName(read));
    for (const { read, failure } of planned) {
      checks += 1;
      perFailure[failure] += 1;
      const began = Date.now();
      try {
        await checkFailure(page, controls, url, read, failure);
        if (TIMES) console.log(`${Date.now() - began} ms ${key} ${readName(read)} ${failure}`);
      } catch (error) {
        failed.push(`${key} · ${readName(read)} · ${failure}: ${(error as Error).message.split('\n')[0]}`);
        if (TIMES) console.log(`FAILED ${Date.now() - began} ms ${failed.at(-1)}\n${(error as Error).message.slice(0, 600)}`);
      }
    }
  };
  const queue = [...pages];
  await Promise.all(
    lanes.map(async (lane) => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) await sweepPage(lane, key);
    }),
  );
  const counts = Object.entries(perFailure)
    .map(([f, n]) => `${f} ${n}`)
    .join(', ');
  console.log(
    `fault sweep, ${name}: ${pages.length} pages, ${reads} reads, ${checks} checks (${counts}), ${failed.length} failures`,
  );
  expect(failed, `the pages that were not honest under a fault`).toEqual([]);
}

/**
 * A lane: a browser with its own client, opened by `open` (signed in as it needs), and the
 * controls scoped to that client.
 */
async function laneFor(request: APIRequestContext, name: string, open: (client: string) => Promise<Page>): Promise<Lane> {
  const client = newClient(name);
  return { page: await open(client), controls: new Controls(request, client) };
}

/** A visitor's browser, or a partner's signed in. */
const asVisitor = (browser: Browser, partner?: { username: string; password: string }) => async (client: string) => {
  const page = await browserFor(browser, client);
  if (partner) await signInTab(page, partner.username, partner.password);
  return page;
};

test('fault sweep: the public pages', async ({ browser, request }) => {
  await sweep([await laneFor(request, 'public', asVisitor(browser))], 'public', [
    'home',
    'login',
    'resetPassword',
    'registration',
    'emailVerification',
  ]);
});

test('fault sweep: a partner onboarding, and one whose profile is submitted', async ({ browser, db, request }) => {
  // The reads both partners' pages make are met once.
  const met = new Set<string>();
  const partner = await createPartnerUser(db);
  await sweep(
    [await laneFor(request, 'onboarding', asVisitor(browser, partner))],
    'onboarding',
    ['dashboard', 'onboardingDetails', 'changePassword'],
    met,
  );
  const submitted = await scenarioPartner(request, 'atSegregation');
  await sweep(
    [await laneFor(request, 'submitted', asVisitor(browser, submitted))],
    'submitted',
    ['onboardingDetailPreview'],
    met,
  );
});

/** Browsers a large area is swept with at once: while one waits on a delay or a retry, another works. */
const LANES = 2;

test('fault sweep: the partner area', async ({ browser, db, request }) => {
  const partner = await scenarioPartner(request, 'approved');
  // An unread alert sends the partner to the reminders on every load (spec section 2): read, they let each page open.
  await db.notification.updateMany({ where: { partnerId: partner.partnerId }, data: { notificationStatus: 'R' } });
  const lanes = await Promise.all(Array.from({ length: LANES }, () => laneFor(request, 'partner', asVisitor(browser, partner))));
  await sweep(lanes, 'partner area', ['partnerStatus', ...PARTNER_AREA_PAGES]);
});

test('fault sweep: the staff pages', async ({ browser, request }) => {
  const asAdmin = (client: string) => staffSignIn(browser, 'demo.admin', 'SUMMARY', /\/summarypage$/, clientHeader(client));
  const lanes = await Promise.all(Array.from({ length: LANES }, () => laneFor(request, 'staff', asAdmin)));
  await sweep(lanes, 'staff', STAFF_PAGES);
});
