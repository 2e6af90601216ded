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
}
export interface Row {
  check: 'sign-in' | 'read' | 'bad input' | 'envelope' | 'section 8';
  operation: string;
  status: number;
  ok: boolean;
  detail: string;
}

type Answer = { status: number; body: unknown; text: string };

async function send(baseUrl: string, method: string, url: string, token: string | null, body?: unknown): Promise<Answer> {
  const res = await fetch(baseUrl + url, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, text };
}

const nameOf = (e: Endpoint) => e.operationId ?? `${e.method} ${e.path}`;
const allEndpoints = () => Object.values(api).flatMap((area) => Object.values(area) as Endpoint[]);
const isDev = (e: Endpoint) => e.path.startsWith('/dev/');

/** Whether an answer is a failure in the envelope of section 7: response null, failureMessage, errorCode the status. */
function envelopeProblem(answer: Answer): string | null {
  const parsed = errorBodySchema.safeParse(answer.body);
  if (!parsed.success) return `not the failure envelope: ${answer.text.slice(0, 120)}`;
  if (parsed.data.errorCode !== answer.status) return `errorCode ${parsed.data.errorCode} for status ${answer.status}`;
  if (!parsed.data.failureMessage.trim()) return 'failureMessage is empty';
  return null;
}

async function signIn(o: SuiteOptions, who: Credentials, rows: Row[]): Promise<string | null> {
  const answer = await send(o.baseUrl, 'POST', endpointUrl(api.auth.signin), null, who);
  const parsed = api.auth.signin.response.safeParse(answer.body);
  const ok = answer.status === 200 && parsed.success;
  rows.push({
    check: 'sign-in',
    operation: `authSignin ${who.username}`,
    status: answer.status,
    ok,
    detail: ok ? 'token' : (parsed.error?.issues[0]?.message ?? answer.text.slice(0, 120)),
  });
  return ok ? parsed.data.response.accessToken : null;
}

export async function runConformance(o: SuiteOptions): Promise<Row[]> {
  const rows: Row[] = [];
  const partnerToken = await signIn(o, o.partner, rows);
  const staffToken = o.staff ? await signIn(o, o.staff, rows) : null;
  const wrong = await send(o.baseUrl, 'POST', endpointUrl(api.auth.signin), null, {
    ...o.partner,
    password: `${o.partner.password}x`,
  });
  const wrongProblem = wrong.status === 400 ? envelopeProblem(wrong) : `status ${wrong.status}, not 400`;
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
    const answer = await send(o.baseUrl, 'GET', endpointUrl(e), token);
    const parsed = e.response.safeParse(answer.body);
    const ok = answer.status === 200 && parsed.success;
    const issue = parsed.error?.issues[0];
    rows.push({
      check: 'read',
      operation: nameOf(e),
      status: answer.status,
      ok,
      detail: ok ? 'matches its schema' : issue ? `${issue.path.join('.')}: ${issue.message}` : answer.text.slice(0, 120),
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
      const answer = await send(o.baseUrl, e.method, url, token, []);
      const problem = answer.status === 400 ? envelopeProblem(answer) : `status ${answer.status}, not 400`;
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
  const noToken = await send(o.baseUrl, 'GET', endpointUrl(api.partner.info), null);
  const noTokenProblem = noToken.status === 401 ? envelopeProblem(noToken) : `status ${noToken.status}, not 401`;
  rows.push({
    check: 'section 8',
    operation: 'partnerInfo without a token',
    status: noToken.status,
    ok: !noTokenProblem,
    detail: noTokenProblem ?? '401',
  });
  if (partnerToken) {
    const staffCall = await send(o.baseUrl, 'GET', endpointUrl(api.workflow.workbench), partnerToken);
    const problem = staffCall.status === 403 ? envelopeProblem(staffCall) : `status ${staffCall.status}, not 403`;
    rows.push({
      check: 'section 8',
      operation: 'workflowWorkbench as a partner',
      status: staffCall.status,
      ok: !problem,
      detail: problem ?? '403',
    });
  }
  const unknown = await send(o.baseUrl, 'GET', `${PARTNER_API_PREFIX}/api/no-such-call`, partnerToken);
  const unknownProblem = unknown.status === 404 ? envelopeProblem(unknown) : `status ${unknown.status}, not 404`;
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
