import type { APIRequestContext, Page, Request } from '@playwright/test';
import {
  DEV_CLIENT_HEADER,
  GATEWAY_PREFIX,
  PARTNER_API_PREFIX,
  UI_MESSAGES,
  api,
  endpointUrl,
  escapeRegExp,
  routeOf,
  type FaultInput,
} from '@pp/contract';
import { expect } from './fixtures.ts';

/**
 * The fault sweep (issue 66, section 5): every page of spec section 2 opened while one of its reads
 * fails, in each way a front-end developer's backend can fail it, through the developer controls'
 * fault rules scoped to the sweeping browser (its X-Dev-Client), so other journeys are untouched.
 */

/** The ways a read fails, each a fault rule's effect; a delay is met by every read of a page at once. */
export const FAILURES = {
  status500: { kind: 'status', status: 500 },
  drop: { kind: 'drop' },
  malformed: { kind: 'malformed' },
  status403: { kind: 'status', status: 403 },
} as const satisfies Record<string, FaultInput['effect']>;
export type Failure = keyof typeof FAILURES;
export const FAILURE_NAMES = Object.keys(FAILURES) as Failure[];
/** How slow every read of a page is while the sweep finds them. */
export const DELAY_MS = 3_000;
/** The slowing of a second look at a page that showed nothing while its reads took DELAY_MS. */
const SLOW_MACHINE_DELAY_MS = 4 * DELAY_MS;

/** A read as the controls match it: its method and its route as the contract writes it. */
export interface Read {
  /** Left out: every method. */
  method?: string;
  /** `/partner-api/api/partner-details/{id}`: the route, whatever values the page asked for. */
  route: string;
}
export const readName = (read: Read) => `${read.method ?? '*'} ${read.route}`;

/** The contract's route a request of the page went to; null for what is not an API call. */
export function readOf(request: Pick<Request, 'method' | 'url'>): Read | null {
  const route = routeOf(request.method(), new URL(request.url()).pathname);
  return route ? { method: route.method, route: route.path } : null;
}

/**
 * The reads a page makes as it opens, found while its first ones are slowed by `DELAY_MS`: the
 * page shows it is loading meanwhile, then its content once they have all come. The slowing stops
 * once the loading state shows (the reads asked by then still take their time): the reads a page
 * asks only after others came are not each slowed again.
 */
export async function readsOf(page: Page, controls: Controls, url: string, delayMs = DELAY_MS): Promise<Read[]> {
  const reads = new Map<string, Read>();
  const listener = (request: Request) => {
    const read = readOf(request);
    if (read) reads.set(readName(read), read);
  };
  const delay = { kind: 'delayFixed', ms: delayMs } as const;
  const ids = [
    await controls.fail({ route: `${PARTNER_API_PREFIX}/api/**` }, delay),
    await controls.fail({ route: `${GATEWAY_PREFIX}/**` }, delay),
  ];
  page.on('request', listener);
  let removed = false;
  let retry = false;
  try {
    await page.goto(url);
    const loading = await busy(page)
      .first()
      .waitFor({ timeout: delayMs })
      .then(
        () => true,
        () => false,
      );
    await controls.remove(ids);
    removed = true;
    await settled(page);
    // On a loaded machine a page may not have drawn anything before its slowed reads came back: it
    // is looked at once more with them slowed for longer, so what is judged is the page, not the machine.
    if (reads.size > 0 && !loading && delayMs < SLOW_MACHINE_DELAY_MS) retry = true;
    else if (reads.size > 0) expect(loading, `${url} showed no loading state while its reads were slow`).toBe(true);
    await expect(readFailures(page)).toHaveCount(0);
    await expect(page.getByRole('main')).not.toBeEmpty();
  } finally {
    page.off('request', listener);
    if (!removed) await controls.remove(ids);
  }
  return retry ? readsOf(page, controls, url, SLOW_MACHINE_DELAY_MS) : [...reads.values()];
}

/** What says the page is not its content yet: a placeholder marked busy, or the spinner of every call. */
const busy = (page: Page) => page.locator('[aria-busy="true"]:visible, .global-spinner');
/** The page's error state for its reads. */
export const readFailures = (page: Page) => page.getByTestId('read-failures');
/** A modal alert (AlertHost): how the section 8 and section 2 messages are said. */
const alertDialog = (page: Page) => page.getByRole('dialog', { name: UI_MESSAGES.modalTitle });

/** The page's reads have all come back (or failed): nothing busy, the network quiet. */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(busy(page)).toHaveCount(0);
}

export class Controls {
  constructor(
    private readonly request: APIRequestContext,
    readonly client: string,
  ) {}

  async fail(read: Read, effect: FaultInput['effect']): Promise<number> {
    const input: Partial<FaultInput> = {
      client: this.client,
      ...(read.method ? { method: read.method as FaultInput['method'] } : {}),
      pathPattern: read.route,
      effect,
    };
    const res = await this.request.post(endpointUrl(api.devtools.addFault), { data: input });
    expect(res.status(), `${readName(read)}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { response: { id: number } }).response.id;
  }

  async remove(ids: number[]) {
    for (const id of ids) {
      const res = await this.request.delete(endpointUrl(api.devtools.deleteFault, { params: { id } }));
      expect(res.status()).toBe(200);
    }
  }
}

export const clientHeader = (client: string) => ({ [DEV_CLIENT_HEADER]: client });

/** The section 8 and section 2 words an alert may say for a failed read. */
const SAID = [UI_MESSAGES.internalError, UI_MESSAGES.accessDenied, UI_MESSAGES.serviceDown, UI_MESSAGES.navigationError];

/**
 * One read failed one way: the page says so (its error state, or a section 8 alert), nothing is
 * left busy; with the fault gone, trying again shows the content.
 */
export async function checkFailure(page: Page, controls: Controls, url: string, read: Read, failure: Failure) {
  const id = await controls.fail(read, FAILURES[failure]);
  let shownBy: 'page' | 'alert';
  try {
    await page.goto(url);
    // The page's own error state, or a section 8 alert (a guard's read says 'Error navigating…'); a
    // modal of the page's own that says something else is not the failure's.
    const said = new RegExp(SAID.map(escapeRegExp).join('|'));
    await expect(
      readFailures(page)
        .or(alertDialog(page).filter({ hasText: said }))
        .first(),
    ).toBeVisible();
    shownBy = (await readFailures(page).isVisible()) ? 'page' : 'alert';
    if (shownBy === 'page') await expect(readFailures(page).getByRole('alert')).toHaveText(said);
    // Not one region still waiting: what failed has stopped saying "Loading…".
    await expect(busy(page)).toHaveCount(0);
  } finally {
    await controls.remove([id]);
  }
  if (shownBy === 'page') {
    // Behind a proxy a dropped connection is also its 502, whose alert (section 8) goes first.
    if (await alertDialog(page).isVisible()) await closeAlert(page);
    // Another replica may hold the removed rule for a moment more (the change feed tells it): the
    // page is tried again until the read comes.
    await expect(async () => {
      const again = page.waitForResponse(
        (r) => {
          const answered = readOf(r.request());
          return answered !== null && readName(answered) === readName(read) && r.status() === 200;
        },
        { timeout: 10_000 },
      );
      const retry = readFailures(page).getByRole('button', { name: 'Try again' });
      if (await retry.isVisible()) await retry.click();
      await again;
    }).toPass();
  } else {
    await closeAlert(page);
    await page.goto(url);
  }
  await expect(readFailures(page)).toHaveCount(0);
  await expect(busy(page)).toHaveCount(0);
  await expect(page.getByRole('main')).not.toBeEmpty();
}

/**
 * Closes the section 8 alert. One that closed itself meanwhile (the page went on) is as good: a click
 * on a button no longer there would wait for it until the sweep's time ran out (a lane stopped so,
 * under CI's load), so the click is bounded and fails only while the alert is still open.
 */
async function closeAlert(page: Page) {
  const dialog = alertDialog(page);
  await dialog
    .getByRole('button')
    .first()
    .click({ timeout: 10_000 })
    .catch(async (error: unknown) => {
      if (await dialog.isVisible()) throw error;
    });
}

/**
 * The checks of one page: every failure at least once, and every read not met on an earlier page
 * at least once (`met` is shared across the pages of a sweep). The page's first checks take the
 * failures in turn; a read met after those is met by a 403, the one failure the client does not
 * read again a second later (the others are retried once), so the sweep's time goes on pages.
 */
export function plan(reads: Read[], met: Set<string>): { read: Read; failure: Failure }[] {
  if (reads.length === 0) return [];
  const fresh = reads.filter((r) => !met.has(readName(r)));
  const order = [...fresh, ...reads.filter((r) => met.has(readName(r)))];
  const checks = Math.max(FAILURE_NAMES.length, fresh.length);
  return Array.from({ length: checks }, (_, i) => ({
    read: order[i % order.length]!,
    failure: i < FAILURE_NAMES.length ? FAILURE_NAMES[i]! : 'status403',
  }));
}
