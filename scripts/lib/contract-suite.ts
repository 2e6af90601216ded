import { PARTNER_API_PREFIX, api, endpointUrl, errorBodySchema, needsSession, type Endpoint } from '@pp/contract';

/**
 * A black-box conformance run of the partner API contract over HTTP only: no database, no server
 * code, so it runs against this stack or the group's real backend alike. It signs in, makes every
 * read the accounts given may make, sends each body a shape it must refuse, and checks the envelope
 * and the section 8 answers. The contract's own zod schemas judge the answers.
 */
export interface Credentials {
  username: string;
  password: string;
}
export interface SuiteOptions {
  baseUrl: string;
  partner: Credentials;
  /** A staff account that may make the staff reads (an ADMIN holds every permission). */
  staff?: Credentials;
  /** Send refused bodies (each POST and PUT once): off for a backend whose writes must not be touched. */
  badInput?: boolean;
  /** How long one request may take before it counts as unanswered (10 s by default). */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export interface Row {
  check: 'sign-in' | 'read' | 'bad input' | 'envelope' | 'section 8';
  operation: string;
  status: number;
  ok: boolean;
  detail: string;
}

/**
 * What came back: a status (0 when nothing did), the body parsed (undefined when it is not JSON),
 * its text, and `failure` when no whole answer came (a dropped connection, a time-out).
 */
type Answer = { status: number; body: unknown; text: string; failure?: string };

/** An answer, whatever happens on the way: a failed request is an answer with a status of 0, never an exception. */
async function send(o: SuiteOptions, method: string, url: string, token: string | null, body?: unknown): Promise<Answer> {
  const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    const res = await fetch(o.baseUrl + url, {
      method,
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      // The body too must come within the time: a slow one counts as unanswered.
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, text };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const failure =
      name === 'TimeoutError' || name === 'AbortError'
        ? `no answer within ${timeoutMs / 1000} s`
        : `the connection failed (${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)})`;
    return { status: 0, body: undefined, text: '', failure };
  }
}

/** What an answer was, for a row's detail: said when it is not a JSON body at all. */
function cameAs(answer: Answer): string {
  if (answer.failure) return answer.failure;
  if (answer.text === '') return `status ${answer.status} with an empty body`;
  if (answer.body === undefined) return `status ${answer.status} with a body that is not JSON: ${answer.text.slice(0, 80)}`;
  return `status ${answer.status}: ${answer.text.slice(0, 120)}`;
}

const nameOf = (e: Endpoint) => e.operationId ?? `${e.method} ${e.path}`;
const allEndpoints = () => Object.values(api).flatMap((area) => Object.values(area) as Endpoint[]);
const isDev = (e: Endpoint) => e.path.startsWith('/dev/');

/** Whether an answer is a failure in the envelope of section 7: response null, failureMessage, errorCode the status. */
function envelopeProblem(answer: Answer): string | null {
  const parsed = errorBodySchema.safeParse(answer.body);
  if (!parsed.success) return `expected the failure envelope; came ${cameAs(answer)}`;
  if (parsed.data.errorCode !== answer.status) return `errorCode ${parsed.data.errorCode} for status ${answer.status}`;
  if (!parsed.data.failureMessage.trim()) return 'failureMessage is empty';
  return null;
}

/** Why a refusal is not the one expected (the status, in the envelope), or null. */
function refusal(answer: Answer, status: number): string | null {
  return answer.status === status ? envelopeProblem(answer) : `expected status ${status}; came ${cameAs(answer)}`;
}

/** Why an answer expected to be a success of its schema is not one. */
function judged(answer: Answer, status: number, issue: { path: PropertyKey[]; message: string } | undefined): string {
  if (answer.status !== status) return `expected status ${status}; came ${cameAs(answer)}`;
  if (answer.body === undefined) return `expected a JSON body of its schema; came ${cameAs(answer)}`;
  return `expected its schema; ${issue ? `${issue.path.map(String).join('.')}: ${issue.message}` : cameAs(answer)}`;
}

async function signIn(o: SuiteOptions, who: Credentials, rows: Row[]): Promise<string | null> {
  const answer = await send(o, 'POST', endpointUrl(api.auth.signin), null, who);
  const parsed = api.auth.signin.response.safeParse(answer.body);
  const ok = answer.status === 200 && parsed.success;
  rows.push({
    check: 'sign-in',
    operation: `authSignin ${who.username}`,
    status: answer.status,
    ok,
    detail: ok ? 'token' : judged(answer, 200, parsed.error?.issues[0]),
  });
  return ok ? parsed.data.response.accessToken : null;
}

export async function runConformance(o: SuiteOptions): Promise<Row[]> {
  const rows: Row[] = [];
  const partnerToken = await signIn(o, o.partner, rows);
  const staffToken = o.staff ? await signIn(o, o.staff, rows) : null;
  const wrong = await send(o, 'POST', endpointUrl(api.auth.signin), null, {
    ...o.partner,
    password: `${o.partner.password}x`,
  });
  const wrongProblem = refusal(wrong, 400);
  rows.push({
    check: 'sign-in',
    operation: 'authSignin wrong password',
    status: wrong.status,
    ok: !wrongProblem,
    detail: wrongProblem ?? 'refused',
  });

  // Every read an account may make without parameters, judged by the contract's schema.
  const tokenFor = (e: Endpoint) =>
    e.access === 'partner' || e.access === 'session' || e.access === 'public'
      ? partnerToken
      : e.access === 'staff' || typeof e.access === 'object'
        ? staffToken
        : undefined;
  for (const e of allEndpoints()) {
    if (e.method !== 'GET' || e.params || e.binary || isDev(e) || e.access === 'internal') continue;
    if (e.query && !e.query.safeParse({}).success) continue;
    const token = tokenFor(e);
    if (token === undefined || (token === null && needsSession(e.access))) continue;
    const answer = await send(o, 'GET', endpointUrl(e), token);
    const parsed = e.response.safeParse(answer.body);
    const ok = answer.status === 200 && parsed.success;
    rows.push({
      check: 'read',
      operation: nameOf(e),
      status: answer.status,
      ok,
      detail: ok ? 'matches its schema' : judged(answer, 200, parsed.error?.issues[0]),
    });
  }

  // A body the contract refuses (an array where an object goes): 400 in the envelope, never applied.
  if (o.badInput !== false) {
    for (const e of allEndpoints()) {
      if ((e.method !== 'POST' && e.method !== 'PUT') || !e.body || e.multipart || isDev(e) || e.access === 'internal') continue;
      if (e.body.safeParse([]).success) continue;
      const token = tokenFor(e);
      if (token === undefined || (token === null && needsSession(e.access))) continue;
      const url = e.params ? null : endpointUrl(e);
      if (!url) continue;
      const answer = await send(o, e.method, url, token, []);
      const problem = refusal(answer, 400);
      rows.push({
        check: 'bad input',
        operation: nameOf(e),
        status: answer.status,
        ok: !problem,
        detail: problem ?? 'refused, in the envelope',
      });
    }
  }

  // Section 8: no token 401 (errorCode 401), a partner on a staff call 403, an unknown route 404 — each in the envelope.
  const noToken = await send(o, 'GET', endpointUrl(api.partner.info), null);
  const noTokenProblem = refusal(noToken, 401);
  rows.push({
    check: 'section 8',
    operation: 'partnerInfo without a token',
    status: noToken.status,
    ok: !noTokenProblem,
    detail: noTokenProblem ?? '401',
  });
  if (partnerToken) {
    const staffCall = await send(o, 'GET', endpointUrl(api.workflow.workbench), partnerToken);
    const problem = refusal(staffCall, 403);
    rows.push({
      check: 'section 8',
      operation: 'workflowWorkbench as a partner',
      status: staffCall.status,
      ok: !problem,
      detail: problem ?? '403',
    });
  }
  const unknown = await send(o, 'GET', `${PARTNER_API_PREFIX}/api/no-such-call`, partnerToken);
  const unknownProblem = refusal(unknown, 404);
  rows.push({
    check: 'section 8',
    operation: 'an unknown route',
    status: unknown.status,
    ok: !unknownProblem,
    detail: unknownProblem ?? '404',
  });

  // The envelope of every success: response and failureMessage (null) — the reads' schemas hold it; counted here.
  const reads = rows.filter((r) => r.check === 'read');
  rows.push({
    check: 'envelope',
    operation: `${reads.length} reads`,
    status: 200,
    ok: reads.every((r) => r.ok),
    detail: reads.every((r) => r.ok) ? 'every success is { response, failureMessage }' : 'see the reads that failed',
  });
  return rows;
}

/** The rows as a table a person reads, and a line of totals. */
export function formatTable(rows: Row[]): string {
  const widths = [9, Math.max(9, ...rows.map((r) => r.operation.length)), 6, 4];
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  const body = rows.map((r) => line([r.check, r.operation, String(r.status), r.ok ? 'ok' : 'FAIL', r.detail]));
  const failed = rows.filter((r) => !r.ok).length;
  return [
    line(['check', 'operation', 'status', 'ok', 'detail']),
    ...body,
    '',
    `${rows.length - failed} of ${rows.length} conform${failed ? `; ${failed} do not` : ''}`,
  ].join('\n');
}
