import { noticeTo } from '../../lib/notices.ts';
import {
  TEXTS,
  forwardActionOf,
  type PageQuery,
  type WorkflowAction,
  type WorkflowActionInput,
  type WorkflowFlow,
  type WorkflowStatus,
  requestTitleOf,
  WHOLE_PARTNER_NUMBER,
} from '@pp/contract';
import { isoMoment, likeContaining, prepared, runPrepared, type Db } from '@pp/db';
import { Conflict, NotFound, type AuthContext } from '@pp/platform';
import { keysetPage, pageOf } from '../../lib/paging.ts';
import type { Tx } from '../../lib/transaction.ts';
import { partnerByNumber } from '../../lib/admin-audit.ts';
import { escapeHtml } from '../../lib/html.ts';
import {
  flowOf,
  requestHistory,
  type requestItem,
  requestStatus as statusOf,
  requestStatuses,
  moveRequest,
  nextRequestNumber,
  openRequest,
  requestOfProfile,
  reviewableRequest,
  stateOf,
  type WorkflowRequestRow,
} from '../../lib/workflow-requests.ts';

type Request = WorkflowRequestRow;

/**
 * A request the caller may see: a partner its own only (another's is not found), staff those their
 * desk may review (contract: mayReviewRequest — waiting at the desk, acted on, or any for the admin).
 */
async function visibleRequest(db: Db | Tx, auth: AuthContext, requestNumber: string): Promise<Request> {
  if (auth.role !== 'PARTNER') return reviewableRequest(db, auth, requestNumber, false);
  const request = await db.workflowRequest.findUnique({ where: { requestNumber } });
  if (!request || request.partnerId !== auth.partnerId) throw NotFound(TEXTS.workflowNotFound);
  return request;
}

const VERBS = { approve: null, sendBack: 'SEND_BACK', reject: 'REJECT' } as const satisfies Record<string, WorkflowAction | null>;

/** A staff action of section 7 (approve, send back, reject) on a request as the actor saw it. */
export async function act(
  deps: { db: Db; now: () => Date },
  actor: AuthContext,
  verb: keyof typeof VERBS,
  input: WorkflowActionInput,
  /** The flow of a flow's own endpoints (customers, re-KYC); a request of another flow is not theirs to find. */
  flow?: WorkflowFlow,
): Promise<WorkflowStatus> {
  const moved = await deps.db.$transaction(async (tx) => {
    const request = await visibleRequest(tx, actor, input.requestNumber);
    if (flow && flowOf(request) !== flow) throw NotFound(TEXTS.workflowNotFound);
    // The page showed another state: whatever it was, the actor decided on something that changed.
    if (request.state !== input.state) throw Conflict(TEXTS.workflowMoved(request.state));
    const action = VERBS[verb] ?? forwardActionOf(flowOf(request), stateOf(request));
    return moveRequest(tx, request, { action, actor, remarks: input.remarks?.trim() || null, now: deps.now() });
  });
  return statusOf(deps.db, moved, actor.role);
}

export async function workflowStatus(db: Db, auth: AuthContext, requestNumber: string): Promise<WorkflowStatus> {
  return statusOf(db, await visibleRequest(db, auth, requestNumber), auth.role);
}

/** The request of the session's current profile, if it was ever submitted. */
export async function currentRequestStatus(db: Db, auth: AuthContext & { partnerId: number }): Promise<WorkflowStatus | null> {
  if (auth.companyCode === null || auth.categoryCode === null) return null;
  const profile = await db.onboardingProfile.findUnique({
    where: {
      partnerId_companyCode_categoryCode: {
        partnerId: auth.partnerId,
        companyCode: auth.companyCode,
        categoryCode: auth.categoryCode,
      },
    },
  });
  const request = profile && (await requestOfProfile(db, profile.id));
  return request ? statusOf(db, request, auth.role) : null;
}

/** The partner's own requests of every flow, newest first, each as requestStatus tells it. */
export async function partnerRequests(db: Db, auth: AuthContext & { partnerId: number }, query: Omit<PageQuery, 'searchTerm'>) {
  const where = { partnerId: auth.partnerId };
  const page = await keysetPage<Request, number>(query, {
    total: () => db.workflowRequest.count({ where }),
    rows: ({ after, skip, take }) =>
      db.workflowRequest.findMany({
        where: after === null ? where : { ...where, id: { lt: after } },
        orderBy: { id: 'desc' },
        skip,
        take,
      }),
    keyOf: (r) => r.id,
  });
  return { ...page, items: await requestStatuses(db, page.items, auth.role) };
}

/** The history of a request, oldest first, each step with who took it. */
export async function workflowMessages(db: Db, auth: AuthContext, requestNumber: string) {
  await visibleRequest(db, auth, requestNumber);
  return requestHistory(db, requestNumber);
}

/** How many of a company's open requests are in each state (the workbench's counts). */
export async function workbenchCounts(db: Db, companyCode: number): Promise<Record<string, number>> {
  const counts = await db.workflowRequest.groupBy({
    by: ['state'],
    where: { companyCode, desk: { not: null } },
    _count: { _all: true },
  });
  return Object.fromEntries(counts.map((c) => [c.state, c._count._all]));
}

type WorkbenchItem = ReturnType<typeof requestItem> & { id: number };

/**
 * The workbench's page in one prepared statement, in six forms so each is planned for what it
 * searches: one desk or an admin's every desk; no term, a text, or a whole partner number. A text
 * is looked for in the title (organisation name and partner number: the trigram index) or is the
 * request number. A whole partner number finds that partner's requests (their titles carry it)
 * through the partner's id: the trigram index's lists for digits grow with every partner, so
 * looking a number up there costs more the more partners there are.
 */
function workbenchStatement(everyDesk: boolean, search: 'none' | 'text' | 'partnerNumber') {
  // $1 company, $2 after, $3 skip, $4 take, then the desk (one desk) and the term: a pattern and
  // the term itself for a text, the number alone for a partner number.
  const params = ['$5', '$6', '$7'];
  const deskParam = everyDesk ? null : params.shift()!;
  const pattern = search === 'text' ? params.shift()! : null;
  const number = search === 'none' ? null : params.shift()!;
  const desk = deskParam ? `w.desk = ${deskParam}::"UserRole"` : `w.desk IS NOT NULL AND w.desk <> 'PARTNER'`;
  const term = {
    none: '',
    text: `AND (w.title ILIKE ${pattern} OR w."requestNumber" = ${number})`,
    partnerNumber: `AND (w."partnerId" = (SELECT id FROM "Partner" WHERE "partnerNumber" = ${number}) OR w."requestNumber" = ${number})`,
  }[search];
  const statement = prepared<{ total: number; items: WorkbenchItem[] }>(`
    WITH matched AS (
      SELECT w.* FROM "WorkflowRequest" w WHERE w."companyCode" = $1 AND ${desk} ${term}
    ), page AS (
      SELECT * FROM matched WHERE $2::int IS NULL OR id < $2 ORDER BY id DESC OFFSET $3 LIMIT $4
    )
    SELECT json_build_object(
      'total', (SELECT count(*) FROM matched),
      'items', COALESCE((
        SELECT json_agg(json_build_object(
          'id', p.id, 'requestNumber', p."requestNumber", 'flow', p.flow, 'state', p.state, 'desk', p.desk,
          'companyCode', p."companyCode", 'title', p.title,
          'submittedAt', ${isoMoment('p."submittedAt"')}, 'updatedAt', ${isoMoment('p."updatedAt"')}
        ) ORDER BY p.id DESC) FROM page p
      ), '[]'::json)
    ) AS answer`);
  return {
    statement,
    values: (page: unknown[], role: string, term: string | null) => [
      ...page,
      ...(deskParam ? [role] : []),
      ...(search === 'text' ? [likeContaining(term!)] : []),
      ...(search === 'none' ? [] : [term!.toUpperCase()]),
    ],
  };
}
const workbenchForms = (everyDesk: boolean) => ({
  all: workbenchStatement(everyDesk, 'none'),
  searched: workbenchStatement(everyDesk, 'text'),
  partnerNumber: workbenchStatement(everyDesk, 'partnerNumber'),
});
const WORKBENCH_PAGE = { desk: workbenchForms(false), everyDesk: workbenchForms(true) };

/**
 * The requests waiting at the caller's desk in a company (an admin's: every desk), newest first,
 * searched by organisation name or partner number (trigram index) or request number, with the
 * count of the company's open requests per state (`countsOf`: the route keeps them in memory).
 */
export async function workbench(
  db: Db,
  auth: AuthContext,
  query: PageQuery & { companyCode: number },
  countsOf: (companyCode: number) => Record<string, number> | Promise<Record<string, number>> = (c) => workbenchCounts(db, c),
) {
  const term = query.searchTerm || null;
  const statements = auth.role === 'ADMIN' ? WORKBENCH_PAGE.everyDesk : WORKBENCH_PAGE.desk;
  const [page, counts] = await Promise.all([
    pageOf<WorkbenchItem, number>(
      query,
      ({ after, skip, take }) => {
        const form = !term ? statements.all : WHOLE_PARTNER_NUMBER.test(term) ? statements.partnerNumber : statements.searched;
        return runPrepared(db, form.statement, form.values([query.companyCode, after, skip, take], auth.role, term));
      },
      (r) => r.id,
    ),
    countsOf(query.companyCode),
  ]);
  return { page: { ...page, items: page.items.map(({ id: _id, ...item }) => item) }, counts };
}

/**
 * Opens a re-KYC of an approved profile: the request waits for the partner (REKYC_DUE), whose
 * profile is editable again until it submits; the partner is told.
 */
export async function initiateRekyc(
  deps: { db: Db; now: () => Date },
  actor: AuthContext,
  input: { partnerNumber: string; companyCode: number; categoryCode: string; remarks?: string | undefined },
): Promise<WorkflowStatus> {
  const request = await deps.db.$transaction(async (tx) => {
    const partner = await partnerByNumber(tx, input.partnerNumber);
    const profile = await tx.onboardingProfile.findUnique({
      where: {
        partnerId_companyCode_categoryCode: {
          partnerId: partner.id,
          companyCode: input.companyCode,
          categoryCode: input.categoryCode,
        },
      },
    });
    const latest = profile && (await requestOfProfile(tx, profile.id));
    if (!profile || !latest || latest.state !== 'APPROVED') throw Conflict(TEXTS.rekycNeedsApproved);
    const now = deps.now();
    const opened = await openRequest(tx, {
      flow: 'REKYC',
      requestNumber: await nextRequestNumber(tx, 'REKYC', input.companyCode, now),
      companyCode: input.companyCode,
      profileId: profile.id,
      partnerId: partner.id,
      title: requestTitleOf(partner.organizationName, partner.partnerNumber),
      actor,
      now,
    });
    await tx.notification.create({
      data: noticeTo(partner.id, TEXTS.rekycDue(opened.requestNumber, escapeHtml(input.remarks ?? ''))),
    });
    return opened;
  });
  return statusOf(deps.db, request, actor.role);
}
