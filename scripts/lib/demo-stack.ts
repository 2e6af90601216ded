/**
 * The whole stack over a demo set, as `npm start -- --demo` runs it, on ports of a bench's own; who
 * the bench scenarios act as; the scenarios themselves. Shared by npm run bench, bench:scale,
 * bench:soak and bench:lighthouse, so that each measures the same requests on the same stack.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { WEB_BASE_PATH, endpointUrl, gatewayApi } from '@pp/contract';
import { embeddedDatabaseUrl } from '@pp/db/embedded';
import { fixtures } from '@pp/fixtures';
import { findDemoFinds } from '@pp/testing/demo-lists';
import { startStackOn } from './startup.ts';

export const DEMO_PASSWORD = fixtures.demoAccounts().password;
/** What staff search for: a surname and a trade, as a buyer looks up a supplier. */
export const SEARCH = 'Deshpande Steel';

export interface DemoStack {
  /** Where the contract's paths go (endpointUrl includes the API's prefix). */
  origin: string;
  api: string;
  web: string;
  gateway: string;
  pgPort: number;
  serverPid: number;
  /** The server's resident memory now and at its peak (MB). */
  serverMemory(): { rss: number; peak: number };
  /**
   * PostgreSQL's memory (MB), from its processes' proportional set sizes: its own (their heaps and
   * stacks, Pss_Anon: where a leak would show), also per kind of process (a backend, the
   * checkpointer, an io worker…), and the shared memory its processes have touched (Pss_Shmem: the
   * buffer cache filling as pages are read, up to shared_buffers). "Private" pages would count a
   * shared buffer as a process's own while that process alone has touched it: PostgreSQL 18's io
   * workers read pages for everyone, so theirs grew as the cache filled.
   */
  postgresMemory(): { mb: number; sharedMb: number; kinds: Record<string, { processes: number; mb: number }> };
  stop(): Promise<void>;
}

const mbOf = (status: string, field: string) =>
  Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024);

/**
 * Starts `npm start -- --demo` with `partners` demo partners and waits until it serves /home and
 * the gateway answers. The developer controls are off (production's figures: no journal, no
 * snapshot triggers) and the stack trusts one proxy hop, so each simulated user has an address.
 */
export async function startDemoStack(options: {
  port: number;
  pgPort: number;
  dataDir: string;
  partners: number;
  timeoutMs?: number;
}): Promise<DemoStack> {
  const { port, pgPort, dataDir } = options;
  const started = await startStackOn(
    { port, pgPort, dataDir },
    [process.execPath, '--import', 'tsx', 'scripts/start.ts', '--demo'],
    options.timeoutMs ?? 240_000,
    { DEV_CONTROLS: 'off', DEMO_PARTNERS: String(options.partners), TRUST_PROXY_HOPS: '1' },
  );
  const gateway = `http://127.0.0.1:${port + 1}`;
  for (const deadline = Date.now() + 60_000; ;) {
    if (
      await fetch(`${gateway}/chatbot/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('the gateway did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const serverPid = Number(readFileSync(path.join(dataDir, 'server.pid'), 'utf8'));
  const postgresPids = () =>
    execSync(`ps -eo pid=,args=`)
      .toString()
      .split('\n')
      .filter((l) => l.includes('postgres') && l.includes(path.join(dataDir, 'pg')))
      .map((l) => Number(l.trim().split(/\s+/)[0]));
  return {
    origin: `http://127.0.0.1:${port}`,
    api: `http://127.0.0.1:${port}/partner-api`,
    web: `http://localhost:${port}${WEB_BASE_PATH}`,
    gateway,
    pgPort,
    serverPid,
    serverMemory() {
      const status = readFileSync(`/proc/${serverPid}/status`, 'utf8');
      return { rss: mbOf(status, 'VmRSS'), peak: mbOf(status, 'VmHWM') };
    },
    postgresMemory() {
      // The postmaster's children: backends, writers, the checkpointer.
      const pids = new Set(postgresPids());
      const titles = new Map<number, string>();
      for (const line of execSync('ps -eo pid=,ppid=,args=').toString().split('\n')) {
        const [pid, ppid, ...args] = line.trim().split(/\s+/);
        if (pids.has(Number(ppid))) pids.add(Number(pid));
        titles.set(Number(pid), args.join(' '));
      }
      let ownKb = 0;
      let sharedKb = 0;
      const kinds: Record<string, { processes: number; mb: number }> = {};
      const kbOf = (rollup: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
      for (const pid of pids) {
        try {
          const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
          const own = kbOf(rollup, 'Pss_Anon');
          ownKb += own;
          sharedKb += kbOf(rollup, 'Pss_Shmem');
          const kind = processKind(titles.get(pid) ?? '');
          kinds[kind] ??= { processes: 0, mb: 0 };
          kinds[kind].processes += 1;
          kinds[kind].mb += own / 1024;
        } catch {
          // ended meanwhile
        }
      }
      for (const kind of Object.values(kinds)) kind.mb = Math.round(kind.mb);
      return { mb: Math.round(ownKb / 1024), sharedMb: Math.round(sharedKb / 1024), kinds };
    },
    stop: started.stop,
  };
}

/** What a PostgreSQL process is, from its title ("postgres: checkpointer", "postgres: user db [local] idle"). */
function processKind(title: string): string {
  const named =
    /^postgres: (checkpointer|background writer|walwriter|autovacuum launcher|autovacuum worker|logical replication launcher|io worker)/.exec(
      title,
    );
  if (named) return named[1]!;
  return title.startsWith('postgres: ') ? 'backend' : 'postmaster';
}

/** A fresh client address for each request: the stack trusts one proxy hop, as behind a load balancer. */
let clientSeq = 0;
export const nextClient = () => {
  clientSeq += 1;
  return `10.${(clientSeq >> 16) & 255}.${(clientSeq >> 8) & 255}.${clientSeq & 255}`;
};

export async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** An Authorization header for a demo account (each sign-in from an address of its own). */
export async function demoSignIn(stack: DemoStack, username: string) {
  const answer = await postJson<{ response: { accessToken: string } }>(
    `${stack.api}/api/auth/signin`,
    { username, password: DEMO_PASSWORD },
    { 'x-forwarded-for': nextClient() },
  );
  return `Bearer ${answer.response.accessToken}`;
}

/** Who the scenarios act as, chosen from the demo set by what they have. */
export async function demoActors(stack: DemoStack, drafts: number) {
  const db = new pg.Client({ connectionString: embeddedDatabaseUrl(stack.pgPort, 'partner_portal') });
  await db.connect();
  try {
    const one = async <T extends pg.QueryResultRow>(sql: string) => (await db.query<T>(sql)).rows[0]!;
    const finds = await findDemoFinds(db);
    const drafting = (
      await db.query<{ username: string }>(`
        SELECT u.username FROM "OnboardingProfile" o JOIN "Partner" p ON p.id = o."partnerId" JOIN "UserAccount" u ON u."partnerId" = p.id
         WHERE o.status = 'Edit' AND o."companyCode" = 1 AND o."categoryCode" = 'SUP' AND p."currentCompanyCode" = 1
           AND p."currentCategoryCode" = 'SUP' AND p."countryCode" = 100 AND u.username LIKE 'partner%'
         ORDER BY u.username LIMIT ${drafts}`)
    ).rows.map((r) => r.username);
    // An approved partner with orders and no pending notice: the partner dashboard as most see it.
    const approvedQuiet = await one<{ username: string }>(`
      SELECT u.username FROM "Partner" p JOIN "UserAccount" u ON u."partnerId" = p.id
        JOIN "OnboardingProfile" o ON o."partnerId" = p.id AND o."companyCode" = p."currentCompanyCode" AND o."categoryCode" = p."currentCategoryCode"
       WHERE o.status = 'Approved' AND u.username LIKE 'partner%'
         AND NOT EXISTS (SELECT 1 FROM "Notification" n WHERE n."partnerId" = p.id AND n."notificationStatus" = 'D')
         AND EXISTS (SELECT 1 FROM "PartnerOrder" x WHERE x."partnerId" = p.id)
       ORDER BY u.username LIMIT 1`);
    const numbers = (
      await db.query<{ partnerNumber: string }>(`SELECT "partnerNumber" FROM "Partner" WHERE id >= 1000000 ORDER BY id`)
    ).rows.map((r) => r.partnerNumber);
    const usernames = (
      await db.query<{ username: string }>(`SELECT username FROM "UserAccount" WHERE username LIKE 'partner%' ORDER BY id`)
    ).rows.map((r) => r.username);
    return { busiest: finds, drafting, approvedQuiet, requestNumber: finds.requestNumber, numbers, usernames };
  } finally {
    await db.end();
  }
}
export type DemoActors = Awaited<ReturnType<typeof demoActors>>;

export interface Scenario {
  name: string;
  what: string;
  options: autocannon.Options;
}

const byTurn = <T>(items: readonly T[]) => {
  let i = 0;
  return () => items[i++ % items.length]!;
};

/** The bench's scenarios, in the order its table prints them: each one request a person waits on. */
export async function demoScenarios(stack: DemoStack, actors: DemoActors) {
  const partnerToken = await demoSignIn(stack, actors.busiest.username);
  const staffToken = await demoSignIn(stack, 'demo.buyer01');
  const draftTokens = await Promise.all(actors.drafting.map((u) => demoSignIn(stack, u)));
  const nextUser = byTurn(actors.usernames);
  const nextNumber = byTurn(actors.numbers);
  const nextDraft = byTurn(draftTokens);
  let draftSeq = 0;
  let chatSeq = 0;
  const questions = [
    'How do I register as a partner?',
    'What documents do I need for onboarding?',
    'When will my invoice be paid?',
  ];
  const signIn: Scenario = {
    name: 'sign-in',
    what: 'POST /api/auth/signin (argon2id), a different partner each time',
    options: {
      url: `${stack.api}/api/auth/signin`,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClient() },
            body: JSON.stringify({ username: nextUser(), password: DEMO_PASSWORD }),
          }),
        },
      ],
    },
  };
  const info: Scenario = {
    name: 'partner info',
    what: 'GET /api/partner/info with a token',
    options: { url: `${stack.api}/api/partner/info`, headers: { authorization: partnerToken } },
  };
  const search: Scenario = {
    name: 'staff search',
    what: `the workbench searched for "${SEARCH}" (buyer, company 1)`,
    options: {
      url: `${stack.api}/api/workbench/requests?companyCode=1&searchTerm=${encodeURIComponent(SEARCH)}&pageNo=1&pageSize=20`,
      headers: { authorization: staffToken },
    },
  };
  const newTerm: Scenario = {
    name: 'staff search, a new term each time',
    what: 'the workbench searched for another partner number on every request',
    options: {
      url: `${stack.api}/api/workbench/requests`,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            path: `/partner-api/api/workbench/requests?companyCode=1&searchTerm=${nextNumber()}&pageNo=1&pageSize=20`,
            headers: { authorization: staffToken },
          }),
        },
      ],
    },
  };
  const module: Scenario = {
    name: 'onboarding: a module',
    what: "GEN's questions with the partner's answers",
    options: {
      url: `${stack.api}/api/onboard-questions/module-code/GEN/category-code/SUP/company-code/1/isInternational/false`,
      requests: [{ setupRequest: (req) => ({ ...req, headers: { authorization: nextDraft() } }) }],
    },
  };
  const draft: Scenario = {
    name: 'onboarding: save a draft',
    what: 'POST /api/onboard-answer-heads/draft (one answer)',
    options: {
      url: `${stack.api}/api/onboard-answer-heads/draft`,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            headers: { authorization: nextDraft(), 'content-type': 'application/json' },
            body: JSON.stringify({
              categoryCode: 'SUP',
              companyCode: 1,
              answers: [{ questionId: 101, value: `Draft ${++draftSeq}` }],
            }),
          }),
        },
      ],
    },
  };
  const ordersPage = {
    url: `${stack.api}/api/partner/order-summary`,
    method: 'POST',
    headers: { authorization: partnerToken, 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, size: 20 }),
  } as const;
  // The page is kept in memory once read: no-cache has it read from the database every time.
  const orders: Scenario = {
    name: 'orders',
    what: 'POST /api/partner/order-summary, first page of 20, read from the database (Cache-Control: no-cache)',
    options: { ...ordersPage, headers: { ...ordersPage.headers, 'cache-control': 'no-cache' } },
  };
  const ordersAgain: Scenario = {
    name: 'orders, again',
    what: 'the same page as a partner gets it again (from memory)',
    options: ordersPage,
  };
  const ordersAgainCompressed: Scenario = {
    name: 'orders, again, compressed',
    what: `the same, asked as Chromium asks (Accept-Encoding: ${BROWSER_ACCEPT_ENCODING})`,
    options: { ...ordersPage, headers: { ...ordersPage.headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING } },
  };
  const chat: Scenario = {
    name: 'chat',
    what: 'a bot reply from the gateway, a different visitor each time',
    options: {
      url: `${stack.gateway}${endpointUrl(gatewayApi.bot)}`,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            headers: { 'content-type': 'application/json', lang: 'en-IN', 'x-forwarded-for': nextClient() },
            body: JSON.stringify({ sender: `bench-${++chatSeq}`, message: questions[chatSeq % questions.length] }),
          }),
        },
      ],
    },
  };
  return { signIn, info, search, newTerm, module, draft, orders, ordersAgain, ordersAgainCompressed, chat };
}

/** What Chromium sends with every request: a browser's answers are compressed. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The mix of issue 26: partner info (from memory) beside the orders page, on one server. */
export const MIX = { infoConnections: 8, ordersConnections: 4 };

/**
 * Runs autocannon and answers its result with every response's time in ascending order (for
 * percentiles autocannon does not print, such as p95).
 */
export async function cannon(options: autocannon.Options) {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return { result, times };
}
