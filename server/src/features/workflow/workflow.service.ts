import {
  MESSAGES,
  actionsFor,
  forwardActionOf,
  userStatusOf,
  type PageQuery,
  type UserRole,
  type WorkflowAction,
  type WorkflowActionInput,
  type WorkflowStatus,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { Conflict, NotFound, type AuthContext } from '@pp/platform';
import { keysetPage } from '../../lib/paging.ts';
import type { Tx } from '../../lib/transaction.ts';
import { flowOf, moveRequest, requestOfProfile, stateOf, type WorkflowRequestRow } from '../../lib/workflow-requests.ts';

type Request = WorkflowRequestRow;

/** A request as the workbench lists it. */
const itemOf = (r: Request) => ({
  requestNumber: r.requestNumber,
  flow: flowOf(r),
  state: stateOf(r),
  desk: r.desk,
  companyCode: r.companyCode,
  title: r.title,
  submittedAt: r.submittedAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** A request with what it means for the partner, what the caller may do with it, and the remarks to read. */
async function statusOf(db: Db | Tx, r: Request, role: UserRole): Promise<WorkflowStatus> {
  const remarked = await db.workflowRecord.findFirst({
    where: { requestNumber: r.requestNumber, action: { in: ['SEND_BACK', 'REJECT'] } },
    orderBy: { id: 'desc' },
  });
  return {
    ...itemOf(r),
    userStatus: userStatusOf(stateOf(r)),
    actions: actionsFor(flowOf(r), stateOf(r), role),
    lastRemarks: remarked?.remarks ?? null,
  };
}

/** A request the caller may see: staff any, a partner its own only (another's is not found). */
async function visibleRequest(db: Db | Tx, auth: AuthContext, requestNumber: string): Promise<Request> {
  const request = await db.workflowRequest.findUnique({ where: { requestNumber } });
  if (!request || (auth.role === 'PARTNER' && request.partnerId !== auth.partnerId)) throw NotFound(MESSAGES.workflowNotFound);
  return request;
}

const VERBS = { approve: null, sendBack: 'SEND_BACK', reject: 'REJECT' } as const satisfies Record<string, WorkflowAction | null>;

/** A staff action of section 7 (approve, send back, reject) on a request as the actor saw it. */
export async function act(
  deps: { db: Db; now: () => Date },
  actor: AuthContext,
  verb: keyof typeof VERBS,
  input: WorkflowActionInput,
): Promise<WorkflowStatus> {
  const moved = await deps.db.$transaction(async (tx) => {
    const request = await visibleRequest(tx, actor, input.requestNumber);
    // The page showed another state: whatever it was, the actor decided on something that changed.
    if (request.state !== input.state) throw Conflict(MESSAGES.workflowMoved(request.state));
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

/** The history of a request, oldest first, each step with who took it. */
export async function workflowMessages(db: Db, auth: AuthContext, requestNumber: string) {
  await visibleRequest(db, auth, requestNumber);
  const records = await db.workflowRecord.findMany({ where: { requestNumber }, orderBy: { id: 'asc' } });
  const actors = new Map(
    (await db.userAccount.findMany({ where: { id: { in: records.map((r) => r.actorUserId) } } })).map((u) => [u.id, u]),
  );
  return records.map((r) => ({
    action: r.action as WorkflowAction,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    actorName: actors.get(r.actorUserId)?.displayName ?? '',
    actorRole: actors.get(r.actorUserId)?.role ?? 'PARTNER',
    remarks: r.remarks,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * The requests waiting at the caller's desk in a company (an admin's: every desk), newest first,
 * searched by organisation name or partner number (trigram index) or request number, with the
 * count of the company's open requests per state.
 */
export async function workbench(db: Db, auth: AuthContext, query: PageQuery & { companyCode: number }) {
  const desk = auth.role === 'ADMIN' ? { not: null, notIn: ['PARTNER' as const] } : auth.role;
  const term = query.searchTerm;
  const where = {
    companyCode: query.companyCode,
    desk,
    ...(term ? { OR: [{ title: { contains: term, mode: 'insensitive' as const } }, { requestNumber: term.toUpperCase() }] } : {}),
  };
  const [page, counts] = await Promise.all([
    keysetPage<Request, number>(query, {
      total: () => db.workflowRequest.count({ where }),
      rows: ({ after, skip, take }) =>
        db.workflowRequest.findMany({
          where: after === null ? where : { ...where, id: { lt: after } },
          orderBy: { id: 'desc' },
          skip,
          take,
        }),
      keyOf: (r) => r.id,
    }),
    db.workflowRequest.groupBy({
      by: ['state'],
      where: { companyCode: query.companyCode, desk: { not: null } },
      _count: { _all: true },
    }),
  ]);
  return {
    page: { ...page, items: page.items.map(itemOf) },
    counts: Object.fromEntries(counts.map((c) => [c.state, c._count._all])),
  };
}
