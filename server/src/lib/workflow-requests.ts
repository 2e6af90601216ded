import { noticeTo } from './notices.ts';
import {
  TEXTS,
  requestNumberOf,
  WORKFLOW_RULES,
  REVIEW_ANY_REQUEST,
  actionsFor,
  deskOf,
  hasPermission,
  mayReviewRequest,
  transition,
  userStatusOf,
  type WorkflowAction,
  type WorkflowFlow,
  type UserRole,
  type WorkflowState,
  type WorkflowStatus,
  type Text,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { type AppError, Conflict, Forbidden, Invalid, NotFound, type AuthContext } from '@pp/platform';
import type { Tx } from './transaction.ts';
import { escapeHtml } from './html.ts';

/**
 * Where workflow requests are opened and moved: the onboarding submit and the staff actions both
 * come here, and every move goes through the contract's engine (contract/src/workflow.ts).
 */
export type WorkflowRequestRow = NonNullable<Awaited<ReturnType<Db['workflowRequest']['findUnique']>>>;

export const flowOf = (r: WorkflowRequestRow) => r.flow as WorkflowFlow;
export const stateOf = (r: WorkflowRequestRow) => r.state as WorkflowState;

/** Why the engine refused, as the HTTP answer: a wrong state is a conflict, another desk forbidden, no remarks a 400. */
function refusal(result: Exclude<ReturnType<typeof transition>, { ok: true }>): AppError {
  switch (result.reason) {
    case 'REMARKS_REQUIRED':
      return Invalid('remarks', TEXTS.workflowRemarksRequired);
    case 'NOT_YOUR_DESK':
      return Forbidden(TEXTS.workflowNotYourDesk(result.desk));
    case 'NOT_IN_THIS_STATE':
      return Conflict(TEXTS.workflowWrongState(result.state, result.desk));
  }
}

/** What the partner is told when its request reaches a state, if anything. */
function noticeOf(request: WorkflowRequestRow, state: WorkflowState, remarks: string | null): Text | null {
  if (state === 'SENT_BACK') return TEXTS.workflowSentBack(request.requestNumber, escapeHtml(remarks ?? ''));
  if (state === 'APPROVED') return TEXTS.workflowApproved(request.requestNumber);
  if (state === 'REJECTED') return TEXTS.workflowRejected(request.requestNumber, escapeHtml(remarks ?? ''));
  return null;
}

/**
 * An approved add-company request maps the partner to the company and business it asked for (its
 * primary business there when it is its first), and says so to the partner.
 */
async function grantCompany(tx: Tx, requestNumber: string): Promise<Text> {
  const asked = await tx.companyRequest.findUniqueOrThrow({ where: { requestNumber } });
  const first = (await tx.companyMapping.count({ where: { partnerId: asked.partnerId, companyCode: asked.companyCode } })) === 0;
  await tx.companyMapping.createMany({
    data: [
      {
        partnerId: asked.partnerId,
        companyCode: asked.companyCode,
        categoryCode: asked.categoryCode,
        isDefault: false,
        isPrimary: first,
      },
    ],
    skipDuplicates: true,
  });
  const company = await tx.groupCompany.findUniqueOrThrow({ where: { companyCode: asked.companyCode } });
  return TEXTS.companyRequestApproved(requestNumber, company.companyName);
}

/**
 * Moves a request one step and records it: the state is compared and set in one UPDATE, so of two
 * actors at once only one moves it and the other is told where it went. The partner's profile
 * takes the state's user status, and hears of a send-back, approval or rejection.
 */
export async function moveRequest(
  tx: Tx,
  request: WorkflowRequestRow,
  step: { action: WorkflowAction; actor: AuthContext; remarks: string | null; now: Date },
): Promise<WorkflowRequestRow> {
  const flow = flowOf(request);
  const at = { state: stateOf(request), sentBackFrom: request.sentBackFrom as WorkflowState | null };
  const result = transition(flow, at, step.action, step.actor.role, step.remarks);
  if (!result.ok) throw refusal(result);
  const { count } = await tx.workflowRequest.updateMany({
    where: { id: request.id, state: request.state },
    data: { state: result.state, sentBackFrom: result.sentBackFrom, desk: deskOf(flow, result.state), updatedAt: step.now },
  });
  if (count === 0) {
    const now = await tx.workflowRequest.findUniqueOrThrow({ where: { id: request.id } });
    throw Conflict(TEXTS.workflowMoved(now.state));
  }
  await tx.workflowRecord.create({
    data: {
      profileId: request.profileId,
      requestNumber: request.requestNumber,
      action: step.action,
      fromStatus: request.state,
      toStatus: result.state,
      actorUserId: step.actor.userId,
      remarks: step.remarks,
      createdAt: step.now,
    },
  });
  // The partner's profile follows its onboarding or re-KYC request (Edit while it is the partner's turn).
  if (request.profileId !== null)
    await tx.onboardingProfile.update({ where: { id: request.profileId }, data: { status: userStatusOf(result.state) } });
  const notice =
    flow === 'ADD_COMPANY' && result.state === 'APPROVED'
      ? await grantCompany(tx, request.requestNumber)
      : noticeOf(request, result.state, step.remarks);
  if (notice && request.partnerId !== null) await tx.notification.create({ data: noticeTo(request.partnerId, notice) });
  return tx.workflowRequest.findUniqueOrThrow({ where: { id: request.id } });
}

/** The next number of a flow's requests: prefix, company, year, sequence (one sequence for all flows). */
export async function nextRequestNumber(tx: Tx, flow: WorkflowFlow, companyCode: number, now: Date): Promise<string> {
  const [{ next }] = await tx.$queryRaw<[{ next: bigint }]>`SELECT nextval('onboarding_request_number_seq') AS next`;
  return requestNumberOf(flow, companyCode, now, next);
}

/**
 * Opens a request of a flow at its start state, waiting at that state's desk, and takes the first
 * step when one is given (a submitted profile: DRAFT -> SEGREGATION). A profile's status follows
 * its request from the start (a re-KYC that is due makes it the partner's to edit again).
 */
export async function openRequest(
  tx: Tx,
  input: {
    flow: WorkflowFlow;
    requestNumber: string;
    companyCode: number;
    title: string;
    profileId?: number | null;
    partnerId?: number | null;
    actor: AuthContext;
    now: Date;
    firstAction?: WorkflowAction;
  },
): Promise<WorkflowRequestRow> {
  const start = WORKFLOW_RULES[input.flow].start;
  const request = await tx.workflowRequest.create({
    data: {
      requestNumber: input.requestNumber,
      flow: input.flow,
      state: start,
      desk: deskOf(input.flow, start),
      companyCode: input.companyCode,
      profileId: input.profileId ?? null,
      partnerId: input.partnerId ?? null,
      title: input.title,
      submittedAt: input.now,
    },
  });
  if (input.firstAction)
    return moveRequest(tx, request, { action: input.firstAction, actor: input.actor, remarks: null, now: input.now });
  if (request.profileId !== null)
    await tx.onboardingProfile.update({ where: { id: request.profileId }, data: { status: userStatusOf(start) } });
  return request;
}

/** The latest request of a profile (its onboarding, or a later re-KYC), if it was ever submitted. */
export function requestOfProfile(db: Db | Tx, profileId: number) {
  return db.workflowRequest.findFirst({ where: { profileId }, orderBy: { id: 'desc' } });
}

/**
 * A request whose profile a staff member may read (contract: mayReviewRequest): waiting at the
 * caller's desk, acted on by the caller, or any with the admin view permission.
 */
export async function reviewableRequest(
  db: Db | Tx,
  auth: AuthContext,
  requestNumber: string,
  asAdmin: boolean,
): Promise<WorkflowRequestRow> {
  const request = await db.workflowRequest.findUnique({ where: { requestNumber } });
  if (!request) throw NotFound(TEXTS.workflowNotFound);
  if (mayReviewRequest(auth.role, request, false, asAdmin)) return request;
  const acted =
    !asAdmin && (await db.workflowRecord.findFirst({ where: { requestNumber, actorUserId: auth.userId }, select: { id: true } }));
  if (acted && mayReviewRequest(auth.role, request, true, asAdmin)) return request;
  throw Forbidden(asAdmin ? TEXTS.accessDenied : TEXTS.workflowNotYourDesk(request.desk));
}

/** Whether a staff member may read a partner's documents: some request of the partner is one it may review. */
export async function mayReviewPartner(db: Db | Tx, auth: AuthContext, partnerId: number): Promise<boolean> {
  if (auth.role === 'PARTNER') return false;
  if (hasPermission(auth.role, REVIEW_ANY_REQUEST)) return true;
  const atDesk = await db.workflowRequest.findFirst({ where: { partnerId, desk: auth.role }, select: { id: true } });
  if (atDesk) return true;
  const acted = await db.workflowRecord.findFirst({
    where: { actorUserId: auth.userId, profile: { partnerId } },
    select: { id: true },
  });
  return acted !== null;
}

/** A request as the lists show it. */
export const requestItem = (r: WorkflowRequestRow) => ({
  requestNumber: r.requestNumber,
  flow: flowOf(r),
  state: stateOf(r),
  desk: r.desk,
  companyCode: r.companyCode,
  title: r.title,
  submittedAt: r.submittedAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The remarks of each request's latest send-back or rejection (what the partner is to read), in one query. */
export async function lastRemarksOf(db: Db | Tx, requestNumbers: readonly string[]): Promise<Map<string, string | null>> {
  const remarks = new Map<string, string | null>();
  if (requestNumbers.length === 0) return remarks;
  const records = await db.workflowRecord.findMany({
    where: { requestNumber: { in: [...requestNumbers] }, action: { in: ['SEND_BACK', 'REJECT'] } },
    orderBy: { id: 'asc' },
    select: { requestNumber: true, remarks: true },
  });
  for (const r of records) remarks.set(r.requestNumber, r.remarks);
  return remarks;
}

/** Requests with what each means for the partner, what the caller may do with it, and the remarks to read. */
export async function requestStatuses(
  db: Db | Tx,
  rows: readonly WorkflowRequestRow[],
  role: UserRole,
): Promise<WorkflowStatus[]> {
  const remarks = await lastRemarksOf(
    db,
    rows.map((r) => r.requestNumber),
  );
  return rows.map((r) => ({
    ...requestItem(r),
    userStatus: userStatusOf(stateOf(r)),
    actions: actionsFor(flowOf(r), stateOf(r), role),
    lastRemarks: remarks.get(r.requestNumber) ?? null,
  }));
}

export async function requestStatus(db: Db | Tx, r: WorkflowRequestRow, role: UserRole): Promise<WorkflowStatus> {
  return (await requestStatuses(db, [r], role))[0]!;
}

/** Every step of a request, oldest first, each with who took it. */
export async function requestHistory(db: Db | Tx, requestNumber: string) {
  const records = await db.workflowRecord.findMany({ where: { requestNumber }, orderBy: { id: 'asc' } });
  const actors = new Map(
    (await db.userAccount.findMany({ where: { id: { in: records.map((r) => r.actorUserId) } } })).map((u) => [u.id, u]),
  );
  return records.map((r) => ({
    action: r.action as WorkflowAction,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    actorName: actors.get(r.actorUserId)?.displayName ?? '',
    actorRole: actors.get(r.actorUserId)?.role ?? ('PARTNER' as const),
    remarks: r.remarks,
    createdAt: r.createdAt.toISOString(),
  }));
}
