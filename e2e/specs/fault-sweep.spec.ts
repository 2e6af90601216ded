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
 * way to try again, and shows its content once the fault is gone. Four browsers sweep apart, each
 * with its own X-Dev-Client, so the rules touch no other journey.
 */

test.describe.configure({ mode: 'parallel' });
/** `SWEEP_TIMES=1` prints each check's time as it ends, and each failure at once (no time limit then). */
const TIMES = Boolean(process.env.SWEEP_TIMES);
// Each sweep opens its pages some dozens of times.
test.setTimeout(TIMES ? 0 : 360_000);

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

/**
 * Sweeps pages in one browser: the reads each makes, then its checks; throws with every failure.
 * The rules are set through the test's own request context: the browser's comes as through a proxy
 * (its X-Forwarded-For), and the controls answer their own machine only.
 */
async function sweep(controls: Controls, page: Page, name: string, pages: readonly WebPathKey[], met = new Set<string>()) {
  const failed: string[] = [];
  const perFailure = Object.fromEntries([...FAILURE_NAMES, 'delay'].map((f) => [f, 0])) as Record<Failure | 'delay', number>;
  let checks = 0;
  let reads = 0;
  for (const key of pages) {
    const url = webUrl(key);
    let pageReads: Read[];
    const began = Date.now();
    try {
      pageReads = await readsOf(page, controls, url);
    } catch (error) {
      checks += 1;
      perFailure.delay += 1;
      failed.push(`${key} · every read · delay: ${(error as Error).message.split('\n')[0]}`);
      continue;
    }
    if (TIMES) console.log(`${Date.now() - began} ms ${key} delay`);
    if (pageReads.length > 0) {
      perFailure.delay += 1;
      checks += 1;
    }
    reads += pageReads.filter((r) => !met.has(readName(r))).length;
    for (const { read, failure } of plan(pageReads, met)) {
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
      met.add(readName(read));
    }
  }
  const counts = Object.entries(perFailure)
    .map(([f, n]) => `${f} ${n}`)
    .join(', ');
  console.log(
    `fault sweep, ${name}: ${pages.length} pages, ${reads} reads, ${checks} checks (${counts}), ${failed.length} failures`,
  );
  expect(failed, `the pages that were not honest under a fault`).toEqual([]);
}

test('fault sweep: the public pages', async ({ browser, request }) => {
  const client = newClient('public');
  const page = await browserFor(browser, client);
  await sweep(new Controls(request, client), page, 'public', [
    'home',
    'login',
    'resetPassword',
    'registration',
    'emailVerification',
  ]);
});

test('fault sweep: a partner onboarding, and one whose profile is submitted', async ({ browser, db, request }) => {
  const client = newClient('onboarding');
  const controls = new Controls(request, client);
  const page = await browserFor(browser, client);
  const partner = await createPartnerUser(db);
  await signInTab(page, partner.username, partner.password);
  // The reads both partners' pages make are met once.
  const met = new Set<string>();
  await sweep(controls, page, 'onboarding', ['dashboard', 'onboardingDetails', 'changePassword'], met);
  const submitted = await scenarioPartner(request, 'atSegregation');
  await signInTab(page, submitted.username, submitted.password);
  await sweep(controls, page, 'submitted', ['onboardingDetailPreview'], met);
});

/** Two sweeps of each large area, so the suite's browsers share the work evenly. */
const halves = <T>(items: readonly T[]) => [
  items.slice(0, Math.ceil(items.length / 2)),
  items.slice(Math.ceil(items.length / 2)),
];

for (const [n, pages] of halves(['partnerStatus', ...PARTNER_AREA_PAGES] as const).entries()) {
  test(`fault sweep: the partner area, part ${n + 1}`, async ({ browser, db, request }) => {
    const client = newClient('partner');
    const page = await browserFor(browser, client);
    const partner = await scenarioPartner(request, 'approved');
    // An unread alert sends the partner to the reminders on every load (spec section 2): read, they let each page open.
    await db.notification.updateMany({ where: { partnerId: partner.partnerId }, data: { notificationStatus: 'R' } });
    await signInTab(page, partner.username, partner.password);
    await sweep(new Controls(request, client), page, `partner area ${n + 1}`, pages);
  });
}

for (const [n, pages] of halves(STAFF_PAGES).entries()) {
  test(`fault sweep: the staff pages, part ${n + 1}`, async ({ browser, request }) => {
    const client = newClient('staff');
    const page = await staffSignIn(browser, 'demo.admin', 'SUMMARY', /\/summarypage$/, clientHeader(client));
    await sweep(new Controls(request, client), page, `staff ${n + 1}`, pages);
  });
}
